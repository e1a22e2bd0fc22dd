import { join } from "node:path";
import { readEnvironment } from "../../lib/contracts/environment.server";
import { localizedPath } from "../../lib/contracts/locale-paths";
import { resumeTypes } from "../../lib/contracts/resume-type";
import type { ReadingContext } from "./context.server";
import type { EntryOf, Singletons } from "./entries.server";
import type { Messages } from "./messages.server";

// The contact and career forms' words, and the pages a native post lands on (content/form-results.yaml,
// and content/form-results/<code>.yaml in each other language: decision 0166).
// The forms' labels, hints, buttons and messages are each language's interface words
// (content/messages/<code>.yaml: contactForm, careerForm; decision 0160).

/** The result pages' file: the English one, or a translation with the same fields (decision 0166). */
export type FormResultsEntry = EntryOf<Singletons["formResults"]>;

/**
 * `messages`: every language's interface words, by code (their resume texts are checked here too);
 * `translations`: each other language's result pages' words (readWordsPerLanguage), `codes` the site's
 * languages, the default first.
 */
export function readForms(
  c: ReadingContext,
  messages: Record<string, Messages>,
  { codes, translations }: { codes: readonly string[]; translations: Record<string, FormResultsEntry> },
) {
  const contactEntry = c.entryOf("contact");
  // Only the map's addresses and picture: the page's words (labels, the map's, the form's heading
  // and intro) are each language's root data (page-words.server.ts, decision 0167); the form's
  // labels, buttons and messages are interface words (content/messages/, decision 0160).
  const contact = contactEntry && {
    map: { embedUrl: contactEntry.map.embedUrl, linkUrl: contactEntry.map.linkUrl, previewImage: contactEntry.map.previewImage },
  };

  const careerEntry = c.entryOf("career");
  // The server deletes applications after APPLICATION_RETENTION_DAYS when set, else the studio's
  // number (server/staff/retention.ts): the sentence under the form names the same number.
  const retentionDays = readEnvironment().APPLICATION_RETENTION_DAYS ?? careerEntry?.retentionDays;
  const career =
    careerEntry &&
    (({ retentionNotice, ...rest }) => ({
      ...rest,
      retentionDays: retentionDays!,
      retentionNotice: retentionNotice.replaceAll("{days}", String(retentionDays)),
    }))(careerEntry);
  if (careerEntry) c.rule(c.fileOf("career"), careerEntry.retentionNotice.includes("{days}"), "retentionNotice: must contain {days}, so it names the number of days applications are kept");

  // Each language's result pages (/de/contact/sent …), their links to its own pages.
  const english = c.entryOf("formResults");
  const locales = codes.map((code) => ({ code }));
  const translatedFile = (code: string) => c.shown(join(c.root, "form-results", `${code}.yaml`));
  const formResults: Record<string, FormResultsEntry> = {};
  for (const [i, code] of codes.entries()) {
    const entry = i === 0 ? english : translations[code] && c.fill(translatedFile(code), translations[code]);
    if (!entry) continue;
    const inLanguage = <R extends { sent: { links: readonly { label: string; to: string }[] } }>(r: R): R => ({
      ...r,
      sent: { ...r.sent, links: r.sent.links.map((l) => ({ ...l, to: localizedPath(l.to, code, locales) })) },
    });
    formResults[code] = { contact: inLanguage(entry.contact), career: inLanguage(entry.career) };
  }

  // The texts about the resume's type must keep naming every type the check accepts.
  const typeTexts = [
    ...Object.entries(messages).flatMap(([code, words]) => [
      [`content/messages/${code}.yaml`, "careerForm.fileType", words.careerForm.fileType] as const,
      [`content/messages/${code}.yaml`, "careerForm.resumeHint", words.careerForm.resumeHint] as const,
    ]),
    ...Object.entries(formResults).map(
      ([code, words]) =>
        [
          code === codes[0] ? c.fileOf("formResults") : translatedFile(code),
          "career.notSent.problems.resume-type",
          words.career.notSent.problems["resume-type"],
        ] as const,
    ),
  ] as const;
  for (const [file, field, text] of typeTexts) {
    const missing = Object.values(resumeTypes).filter(({ label }) => text !== undefined && !text.includes(label));
    c.rule(file, missing.length === 0, `${field}: must name every accepted resume type (missing ${missing.map((t) => t.label).join(", ")})`);
  }

  return { contact: contact!, career: career!, formResults };
}
