import type { Messages } from "./messages.server";
import { fieldOfProblem, formProblems } from "../../lib/contracts/form-results";
import type { MailForm } from "../../lib/contracts/form-endpoint";
import { productFieldNames, quoteFieldNames, type ProductField } from "../../lib/contracts/quote";
import type { ReadingContext } from "./context.server";
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

/** "28 November 2026" from the studio's YYYY-MM-DD. */
const longDate = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** A text with blank lines between paragraphs, as paragraphs. */
const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/** `words`: the default language's interface words, the contact and career forms' labels among them (content/messages/, decision 0160). */
export function readPrivacy(c: ReadingContext, forms: ReturnType<typeof readForms>, quote: QuoteWords | undefined, words: Messages | undefined) {
  const entry = c.entryOf("privacy");
  if (!entry || !forms.contact || !forms.career || !quote || !words) return { privacy: undefined! };
  const contactLabels = words.contactForm;
  const file = c.fileOf("privacy");
  c.rule(file, entry.career.kept.includes("{days}"), "career.kept: must contain {days}, so it names the number of days applications are kept");

  const careerLabels = words.careerForm;
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
  // Products first, as the form asks for them.
  const quoteFields: QuoteField[] = [...productFieldNames, ...(Object.keys(quoteFieldNames) as (keyof typeof quoteFieldNames)[])];
  const quoteLabels = [...new Set(quoteFields.map((field) => quote[`${field}Label`]))];

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
    privacy: {
      intro: paragraphsOf(entry.intro),
      updated: entry.updated,
      updatedLine: entry.updatedLine.replaceAll("{date}", entry.updated ? longDate(entry.updated) : ""),
      formsHeading: entry.formsHeading,
      formsIntro: paragraphsOf(entry.formsIntro),
      labels: { fields: entry.fieldsLabel, purpose: entry.purposeLabel, recipients: entry.recipientsLabel, kept: entry.keptLabel },
      forms: [
        section("contact", entry.contact, named(fieldsOf("contact"), labelOf.contact)),
        section("career", { ...entry.career, kept: entry.career.kept.replaceAll("{days}", String(forms.career.retentionDays)) }, named(fieldsOf("career"), labelOf.career)),
        section("quote", entry.quote, quoteLabels),
      ],
      analytics: {
        heading: entry.analytics.heading,
        used: paragraphsOf(entry.analytics.used),
        change: paragraphsOf(entry.analytics.change),
        notUsed: paragraphsOf(entry.analytics.notUsed),
      },
      device: block(entry.device),
      rights: block(entry.rights),
    },
  };
}
