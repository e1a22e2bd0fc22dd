import { setWordAt, translatedTypes, translationKey, wordAt } from "../../lib/contracts/content-translations";
import type { ReadingContext } from "./context.server";
import { factLabels, jobFactTexts, type Job, type JobTexts } from "./jobs";
import type { EntryLang } from "./translations.server";

// The words of a page's fixed parts per language (decision 0167): the contact page's (address,
// e-mail and phone labels, the map's words, the Get In Touch form's heading and intro), the career
// form's heading, intro and retention notice, the job pages' (content/jobs.yaml), and the catalogue's
// and certificates' (of content/gallery/catalogue.yaml: a product page's headings, the certificate
// records' words, the catalogue's filters). Each is a
// singleton translated whole (content/contact/<code>.yaml …, the 0165 way); a language without one
// shows the English words, marked with the default language's `lang`. The job facts the build
// words (employment type, the last day to apply, the salary, the search description) are made per
// language, dates and numbers in the formats of the language the words are in.

type Words = Record<string, unknown>;
type PageWordsKey = "contact" | "career" | "jobsPage" | "catalogue";

/** The contact page's words in one language, with their `lang` (null: the page's own). */
export type ContactWords = {
  detailsHeading: string;
  addressLabel: string;
  emailLabel: string;
  phoneLabel: string;
  map: { title: string; linkLabel: string; previewAlt: string; showLabel: string; note: string };
  form: { heading: string; intro: string };
  lang: EntryLang;
};

/** The catalogue's and certificates' page words in one language (content/gallery/catalogue.yaml's, decision 0167). */
export type CatalogueWords = {
  specs: { heading: string; certificates: string };
  certificates: {
    heading: string;
    intro: string;
    none: string;
    number: string;
    issuedBy: string;
    holder: string;
    scope: string;
    validity: string;
    verify: string;
    verifyLabel: string;
    verifySearchHint: string;
    file: string;
    fileLabel: string;
  };
  filter: {
    heading: string;
    search: string;
    searchHint: string;
    family: string;
    construction: string;
    material: string;
    certificate: string;
    moq: string;
    moqUpTo: string;
    any: string;
    results: string;
    noResults: string;
    clear: string;
  };
  lang: EntryLang;
};

/** The career form's heading, intro and retention notice ({days} filled in) in one language. */
export type CareerWords = { heading: string; intro: string; retentionNotice: string; lang: EntryLang };

type JobsTexts = JobTexts & {
  heading: string;
  noOpenings: string;
  departmentLabel: string;
  locationLabel: string;
  employmentTypeLabel: string;
  validThroughLabel: string;
  salaryLabel: string;
  descriptionHeading: string;
  apply: string;
  applyHeading: string;
  applyIntro: string;
  backToJob: string;
  applyDescription: string;
};

/** The job pages' words in one language, and each open job's facts in its words and formats, by slug. */
export type JobsWords = ReturnType<typeof jobsWordsOf>;

function jobsWordsOf(t: JobsTexts, jobs: readonly Job[], code: string, lang: EntryLang) {
  return {
    heading: t.heading,
    // Shipped only when it is shown.
    noOpenings: jobs.length ? null : t.noOpenings,
    labels: factLabels(t),
    descriptionHeading: t.descriptionHeading,
    apply: t.apply,
    applyHeading: t.applyHeading,
    applyIntro: t.applyIntro,
    backToJob: t.backToJob,
    applyDescription: t.applyDescription,
    facts: Object.fromEntries(jobs.map((job) => [job.slug, jobFactTexts(job, t, code)])),
    lang,
  };
}

/** Only the translated type's words of an entry (a nested one by its path), placeholders filled. */
function wordsOf(c: ReadingContext, key: PageWordsKey, file: string, entry: Words): Words {
  const words: Words = {};
  for (const field of translatedTypes[key].fields) {
    const text = wordAt(entry, field);
    if (text !== undefined) setWordAt(words, field, text);
  }
  return c.fill(file, words);
}

/**
 * Each language's words of the contact page, the career form, the job pages and the catalogue's and
 * certificates' pages, by code (the default's first). `english`: the career form as read (its days)
 * and the open jobs.
 */
export function readPageWords(c: ReadingContext, codes: readonly string[], english: { career: { retentionDays: number } | undefined; jobs: readonly Job[] }) {
  const [defaultCode] = codes;
  const one = (key: string) => (c.one as unknown as (key: string) => Words | null | undefined)(key);
  const fileOf = (key: string) => (c.fileOf as unknown as (key: string) => string)(key);

  const perLanguage: Record<string, { contact: ContactWords; career: CareerWords; jobs: JobsWords; catalogue: CatalogueWords }> = {};
  for (const [i, code] of codes.entries()) {
    // The translation where there is one, else the English words marked with the default language.
    const shown = (key: PageWordsKey) => {
      const found = i > 0 ? one(translationKey(key, code)) : undefined;
      if (found) {
        const file = fileOf(translationKey(key, code));
        return { words: wordsOf(c, key, file, found), lang: code as EntryLang, file };
      }
      const file = fileOf(key);
      return { words: wordsOf(c, key, file, one(key) ?? {}), lang: (i > 0 ? defaultCode! : null) as EntryLang, file: undefined };
    };
    const contact = shown("contact");
    const career = shown("career");
    const jobs = shown("jobsPage");
    const catalogue = shown("catalogue");
    const notice = String(career.words.retentionNotice ?? "");
    if (career.file) c.rule(career.file, notice.includes("{days}"), "retentionNotice: must contain {days}, so it names the number of days applications are kept");
    // The facts are written in the language of the words around them: English formats beside English words.
    const jobsWords = jobsWordsOf(jobs.words as JobsTexts, english.jobs, jobs.lang ?? code, jobs.lang);
    // A translated search description of each job must fit as the English one must (jobs.ts).
    for (const [slug, facts] of Object.entries(jobsWords.facts))
      if (jobs.file)
        c.rule(
          jobs.file,
          facts.summary.length >= 50 && facts.summary.length <= 170,
          `jobDescription: the search description of ${slug} is ${facts.summary.length} characters once filled in; it must be 50 to 170`,
        );
    perLanguage[code] = {
      contact: { ...(contact.words as Omit<ContactWords, "lang">), lang: contact.lang },
      career: {
        ...(career.words as Omit<CareerWords, "lang">),
        retentionNotice: notice.replaceAll("{days}", String(english.career?.retentionDays ?? "")),
        lang: career.lang,
      },
      jobs: jobsWords,
      catalogue: { ...(catalogue.words as Omit<CatalogueWords, "lang">), lang: catalogue.lang },
    };
  }
  return perLanguage;
}
