import { Hono, type Context } from "hono";
import { fieldOfProblem, formResultPaths, notSentPath, type FormProblem } from "../../app/lib/contracts/form-results";
import { formPostPaths, honeypotName, type MailForm } from "../../app/lib/contracts/form-endpoint";
import { resumeMaxBytes } from "../../app/lib/contracts/constants";
import { detectResumeType } from "../../app/lib/contracts/resume-content";
import type { createRateLimiter } from "../platform/rate-limit";
import { readForm, textField } from "../platform/form-reader";
import { formBody, requestGuards } from "../platform/request-guards";
import { seeOther } from "../platform/see-other";
import { careerParamsSchema, contactParamsSchema, type Submission } from "./schema";
import { reasonOf } from "../leads/db";
import type { z } from "zod";

export type FormPostDeps = {
  /** The same limiter as the JSON endpoint: one budget per client, however it posts. */
  limiter: ReturnType<typeof createRateLimiter>;
  /** The client's rate-limit key (server/platform/client-address.ts: its address, an IPv6 client's /64). */
  clientKey: (c: Context) => string;
  maxBodyBytes: number;
  /**
   * Stores the submission durably (and wakes the relay); a repeat of one accepted minutes ago (a
   * double press on Send) is recognised by the store and not stored again. Throws when it could not.
   */
  deliver: (submission: Submission) => Promise<unknown>;
};

/** The problem page that explains a failed check of each template parameter. */
const problemOfField = new Map<string, FormProblem>(Object.entries(fieldOfProblem).map(([problem, field]) => [field, problem as FormProblem]));

function firstProblem<F extends MailForm>(error: z.ZodError): FormProblem<F> {
  const field = String(error.issues[0]?.path[0] ?? "");
  return (problemOfField.get(field) ?? "failed") as FormProblem<F>;
}

/** The resume part as the career template's base64 data URL (what the JavaScript form sends). */
async function resumeDataUrl(file: File): Promise<string> {
  const type = /^[\w.+-]+\/[\w.+-]+$/.test(file.type) ? file.type : "application/octet-stream";
  return `data:${type};base64,${Buffer.from(await file.arrayBuffer()).toString("base64")}`;
}

type Parsed = { problem: FormProblem } | { submission: Submission };

async function parseContact(data: FormData): Promise<Parsed> {
  const params = contactParamsSchema.safeParse({
    name: textField(data, "name"),
    email: textField(data, "email"),
    subject: textField(data, "subject"),
    message: textField(data, "message"),
  });
  if (!params.success) return { problem: firstProblem<"contact">(params.error) };
  return { submission: { form: "contact", params: params.data } };
}

async function parseCareer(data: FormData): Promise<Parsed> {
  const resume = data.get("resume");
  // A form posted without a file still sends an empty part named "" (or no part at all).
  if (!(resume instanceof File) || resume.size === 0) return { problem: "resume" };
  if (resume.size > resumeMaxBytes) return { problem: "too-large" };
  // The schema checks the type too (the JSON path); here it has its own page naming the accepted types.
  if (!detectResumeType(new Uint8Array(await resume.arrayBuffer()))) return { problem: "resume-type" };
  const params = careerParamsSchema.safeParse({
    name: textField(data, "name"),
    email: textField(data, "email"),
    phone: textField(data, "phone"),
    position: textField(data, "position"),
    coverLetter: textField(data, "coverLetter"),
    attachment: await resumeDataUrl(resume),
    attachment_filename: resume.name,
  });
  if (!params.success) return { problem: firstProblem<"career">(params.error) };
  return { submission: { form: "career", params: params.data } };
}

const parsers: Record<MailForm, (data: FormData) => Promise<Parsed>> = { contact: parseContact, career: parseCareer };

/**
 * The forms' native posts: `POST /api/v1.0/email/form/contact` (urlencoded or multipart) and
 * `/form/career` (multipart, the resume as a file part). Same rate limit, body limit, checks and
 * outbox as the JSON endpoint; answers 303 See Other to the prerendered "sent" page or to the page
 * that names the problem. Only a request no browser form would send gets a 4xx: 415 for another
 * content type, 400 for a body that cannot be read.
 */
export function createFormPostApi({ limiter, clientKey, maxBodyBytes, deliver }: FormPostDeps) {
  const api = new Hono();

  for (const form of Object.keys(formPostPaths) as MailForm[]) {
    api.post(
      `/${form}`,
      ...requestGuards({
        limiter,
        clientKey,
        accepts: formBody,
        maxBodyBytes,
        tooMany: (c) => seeOther(c, notSentPath(form, "too-many")),
        tooLarge: (c) => seeOther(c, notSentPath(form, "too-large")),
      }),
      async (c) => {
        const data = await readForm(c);
        if (data instanceof Response) return data;
        // Never a silent drop: a filled honeypot is told, with the way to reach us by e-mail.
        if (textField(data, honeypotName)) return seeOther(c, notSentPath(form, "spam"));

        const parsed = await parsers[form](data);
        if ("problem" in parsed) return seeOther(c, `${formResultPaths[form].notSent}/${parsed.problem}`);

        try {
          await deliver(parsed.submission);
        } catch (error) {
          console.error(`${form} form post: could not store the message: ${reasonOf(error)}`);
          return seeOther(c, notSentPath(form, "failed"));
        }
        return seeOther(c, formResultPaths[form].sent);
      },
    );
  }
  return api;
}
