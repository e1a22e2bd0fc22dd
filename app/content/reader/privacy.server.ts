import type { Messages } from "./messages.server";
import { fieldOfProblem, formProblems } from "../../lib/contracts/form-results";
import type { MailForm } from "../../lib/contracts/form-endpoint";
import { productFieldNames, quoteFieldNames, type ProductField } from "../../lib/contracts/quote";
import { translationKey } from "../../lib/contracts/content-translations";
import type { ReadingContext } from "./context.server";
import type { EntryOf, Singletons } from "./entries.server";
import type { readForms } from "./forms.server";
import type { readQuote } from "./quote.server";

// The privacy notice (content/privacy.yaml) with what must not drift filled in: each form's fields,
// as the contracts list them and the form labels them, and the days applications are kept (the
// number the server's deletion uses: readForms takes APPLICATION_RETENTION_DAYS, else the studio's).

/** The fields a contact or career form sends: every field a problem can name (the contract's list). */
type FieldOf<F extends MailForm> = (typeof fieldOfProblem)[Extract<(typeof formProblems)[F][number], keyof typeof fieldOfProblem>];
const fieldsOf = <F extends MailForm>(form: F) =>
  formProblems[form].flatMap((problem) => (problem in fieldOfProblem ? [fieldOfProblem[problem as keyof typeof fieldOfProblem] as FieldOf<F>] : []));

type QuoteField = keyof typeof quoteFieldNames | ProductField;
type QuoteWords = ReturnType<typeof readQuote>["quotes"][string];

/** Labels in the order given, each once (a resume is one field for the visitor: the file and its name). */
const named = <K extends string>(fields: readonly K[], labelOf: Record<K, string>) => [...new Set(fields.map((f) => labelOf[f]))];

/** "28 November 2026" (in German "28. November 2026") from the studio's YYYY-MM-DD, in a language (decision 0168). */
const longDate = (day: string, code: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(code === "en" ? "en-GB" : code, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** A text with blank lines between paragraphs, as paragraphs. */
const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

type Words = Omit<EntryOf<Singletons["privacy"]>, "updated">;

/**
 * `messages`: each language's interface words, the contact and career forms' labels among them
 * (content/messages/, decision 0160); `codes`: the languages, the default first. The notice in the
 * default language (`privacy`) and in each language (`privacies`, decision 0168): its translation
 * (content/privacy/<code>.yaml) where there is one, with that language's form labels and date, else
 * the English notice; `lang` says which (null: the page's own), `quoteFieldsLang` the quote form's
 * labels' (content/quote.yaml is not translated here).
 */
export function readPrivacy(c: ReadingContext, forms: ReturnType<typeof readForms>, quote: QuoteWords | undefined, messages: Record<string, Messages>, codes: readonly string[]) {
  const entry = c.entryOf("privacy");
  const [defaultCode = "", ...translated] = codes;
  if (!entry || !forms.contact || !forms.career || !quote || !messages[defaultCode]) return { privacy: undefined!, privacies: undefined! };
  const careerForm = forms.career;

  // Products first, as the form asks for them.
  const quoteFields: QuoteField[] = [...productFieldNames, ...(Object.keys(quoteFieldNames) as (keyof typeof quoteFieldNames)[])];
  const quoteLabels = [...new Set(quoteFields.map((field) => quote[`${field}Label`]))];

  const shape = (file: string, words: Words, code: string) => {
    c.rule(file, words.career.kept.includes("{days}"), "career.kept: must contain {days}, so it names the number of days applications are kept");
    // A language without its words is the messages reader's problem, named there; the default's labels meanwhile.
    const labels = messages[code] ?? messages[defaultCode]!;
    const contactLabels = labels.contactForm;
    const careerLabels = labels.careerForm;
    const labelOf = {
      contact: { name: contactLabels.name, email: contactLabels.email, subject: contactLabels.subject, message: contactLabels.message } satisfies Record<FieldOf<"contact">, string>,
      career: {
        name: careerLabels.name,
        email: careerLabels.email,
        phone: careerLabels.phone,
        position: careerLabels.position,
        coverLetter: careerLabels.coverLetter,
        attachment: careerLabels.resume,
        attachment_filename: careerLabels.resume,
      } satisfies Record<FieldOf<"career">, string>,
    };
    const section = (form: "contact" | "career" | "quote", s: { heading: string; purpose: string; recipients: string; kept: string }, fields: string[]) => ({
      form,
      heading: s.heading,
      fields,
      purpose: paragraphsOf(s.purpose),
      recipients: paragraphsOf(s.recipients),
      kept: paragraphsOf(s.kept),
    });
    const block = (b: { heading: string; text: string }) => ({ heading: b.heading, text: paragraphsOf(b.text) });
    return {
      intro: paragraphsOf(words.intro),
      updated: entry.updated,
      updatedLine: words.updatedLine.replaceAll("{date}", entry.updated ? longDate(entry.updated, code) : ""),
      formsHeading: words.formsHeading,
      formsIntro: paragraphsOf(words.formsIntro),
      labels: { fields: words.fieldsLabel, purpose: words.purposeLabel, recipients: words.recipientsLabel, kept: words.keptLabel },
      forms: [
        section("contact", words.contact, named(fieldsOf("contact"), labelOf.contact)),
        section("career", { ...words.career, kept: words.career.kept.replaceAll("{days}", String(careerForm.retentionDays)) }, named(fieldsOf("career"), labelOf.career)),
        section("quote", words.quote, quoteLabels),
      ],
      analytics: {
        heading: words.analytics.heading,
        used: paragraphsOf(words.analytics.used),
        change: paragraphsOf(words.analytics.change),
        notUsed: paragraphsOf(words.analytics.notUsed),
      },
      device: block(words.device),
      rights: block(words.rights),
    };
  };

  const english = shape(c.fileOf("privacy"), entry, defaultCode);
  const privacies: Record<string, typeof english & { lang: string | null; quoteFieldsLang: string | null }> = {
    [defaultCode]: { ...english, lang: null, quoteFieldsLang: null },
  };
  for (const code of translated) {
    const key = translationKey("privacy", code) as "privacy";
    const words = c.one(key) as Words | null | undefined;
    privacies[code] = words
      ? { ...shape(c.fileOf(key), c.fill(c.fileOf(key), words), code), lang: code, quoteFieldsLang: defaultCode }
      : { ...english, lang: defaultCode, quoteFieldsLang: null };
  }
  return { privacy: english, privacies };
}
