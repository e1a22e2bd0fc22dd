import { readEnvironment } from "../../lib/contracts/environment.server";
import { resumeTypes } from "../../lib/contracts/resume-type";
import type { ReadingContext } from "./context.server";
import type { Messages } from "./messages.server";

// The contact and career forms' words, and the pages a native post lands on (content/form-results.yaml).
// The forms' labels, hints, buttons and messages are each language's interface words
// (content/messages/<code>.yaml: contactForm, careerForm; decision 0160).

/** `messages`: every language's interface words, by code (their resume texts are checked here too). */
export function readForms(c: ReadingContext, messages: Record<string, Messages>) {
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

  // The texts about the resume's type must keep naming every type the check accepts.
  const formResults = c.entryOf("formResults");
  const typeTexts = [
    ...Object.entries(messages).flatMap(([code, words]) => [
      [`content/messages/${code}.yaml`, "careerForm.fileType", words.careerForm.fileType] as const,
      [`content/messages/${code}.yaml`, "careerForm.resumeHint", words.careerForm.resumeHint] as const,
    ]),
    [c.fileOf("formResults"), "career.notSent.problems.resume-type", formResults?.career.notSent.problems["resume-type"]],
  ] as const;
  for (const [file, field, text] of typeTexts) {
    const missing = Object.values(resumeTypes).filter(({ label }) => text !== undefined && !text.includes(label));
    c.rule(file, missing.length === 0, `${field}: must name every accepted resume type (missing ${missing.map((t) => t.label).join(", ")})`);
  }

  return { contact: contact!, career: career!, formResults: formResults! };
}
