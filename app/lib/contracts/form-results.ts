// The outcomes of the forms' native posts (before and without JavaScript), shared by the result
// pages the build prerenders and the server (server/intake/native-posts.ts) that answers the posts.
// Where the forms post and the honeypot's name are in form-endpoint.ts beside this file.
import type { fieldMaxLength, MailForm } from "./form-endpoint";

/**
 * What can be wrong with a native post, one prerendered page each (field names and codes only:
 * what the visitor typed never goes into a URL).
 * - a field name: that field failed the server's checks (server/intake/emailjs.ts);
 * - `resume-type`: the resume's content is none of the accepted types (app/lib/contracts/resume-type.ts);
 * - `too-large`: the request body is over the limit (career: the resume is over 50KB);
 * - `too-many`: the rate limit; `spam`: the hidden honeypot was filled in;
 * - `failed`: the message could not be stored (the forms' usual failure message).
 */
export const formProblems = {
  contact: ["name", "email", "subject", "message", "too-large", "too-many", "spam", "failed"],
  career: ["name", "email", "phone", "position", "cover-letter", "resume", "resume-type", "resume-name", "too-large", "too-many", "spam", "failed"],
} as const satisfies Record<MailForm, readonly string[]>;

export type FormProblem<F extends MailForm = MailForm> = (typeof formProblems)[F][number];

/** The template parameter each field problem is about (the server maps a failed check to its page). */
export const fieldOfProblem = {
  name: "name",
  email: "email",
  subject: "subject",
  message: "message",
  phone: "phone",
  position: "position",
  "cover-letter": "coverLetter",
  resume: "attachment",
  "resume-name": "attachment_filename",
} as const satisfies Partial<Record<FormProblem, keyof typeof fieldMaxLength | "attachment">>;

/** Where the server sends the visitor (303 See Other) after a native post. */
export const formResultPaths = {
  contact: { sent: "/contact/sent", notSent: "/contact/not-sent" },
  career: { sent: "/career/sent", notSent: "/career/not-sent" },
} as const satisfies Record<MailForm, { sent: string; notSent: string }>;

export const notSentPath = <F extends MailForm>(form: F, problem: FormProblem<F>) => `${formResultPaths[form].notSent}/${problem}`;

/** Every result page, for the prerender list (and to keep them out of sitemap.xml). */
export function formResultPagePaths(): string[] {
  return (Object.keys(formResultPaths) as MailForm[]).flatMap((form) => [
    formResultPaths[form].sent,
    ...formProblems[form].map((problem) => notSentPath(form, problem)),
  ]);
}
