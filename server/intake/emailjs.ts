import { Hono, type Context } from "hono";
import { z } from "zod";
import { resumeMaxBytes } from "../../app/lib/contracts/constants";
import { localMailIds } from "../../app/lib/contracts/form-endpoint";
import { careerLeadSchema, contactLeadSchema, type CareerLead, type ContactLead } from "../../app/lib/contracts/leads";
import { resumeTypeIds } from "../../app/lib/contracts/resume-content";
import { reasonOf } from "../db/db";
import { fileKindFromBytes } from "../platform/file-kind";
import { readText } from "../platform/form-reader";
import { refusedCharacter } from "../platform/text-check";
import { jsonBody, requestGuards, type RequestGuardOptions } from "../platform/request-guards";

// The EmailJS-compatible endpoint, an adapter at the edge: what the official SDK posts
// ({ lib_version, user_id, service_id, template_id, template_params }) becomes a typed contact or
// career lead (app/lib/contracts/leads.ts), checked by the same schema as a native post. EmailJS's
// names (template ids, `attachment` as a data URL, `attachment_filename`) stop here: only this
// module knows them, and its 400s name the parameters the client sent.

export const sendRequestSchema = z.object({
  lib_version: z.string().max(20).optional(),
  user_id: z.string().max(200),
  service_id: z.string().max(200),
  template_id: z.string().max(200),
  template_params: z.record(z.string(), z.unknown()).optional(),
});

const templates = {
  [localMailIds.templates.contact]: "contact",
  [localMailIds.templates.career]: "career",
} as const satisfies Record<string, (ContactLead | CareerLead)["kind"]>;

const dataUrlPattern = /^data:([\w.+-]+\/[\w.+-]+)?((?:;[\w.+-]+=[^;,]*)*);base64,([A-Za-z0-9+/]*={0,2})$/;

/**
 * The career template's `attachment`: a base64 data URL (what FileReader.readAsDataURL gives) → its
 * bytes. The declared type is ignored: the lead's check reads the type from the content.
 */
const attachmentDataUrl = z
  .string()
  .max(Math.ceil(resumeMaxBytes / 3) * 4 + 400, "is larger than 50KB")
  .transform((value, ctx) => {
    const match = dataUrlPattern.exec(value);
    const base64 = match?.[3] ?? "";
    if (!match || base64.length % 4 !== 0) {
      ctx.addIssue({ code: "custom", message: "is not a base64 data URL" });
      return z.NEVER;
    }
    return new Uint8Array(Buffer.from(base64, "base64"));
  });

type Issue = { path: string; message: string };

/** The lead's field as the template names it: the resume is `attachment` and `attachment_filename`. */
const parameterOf = (path: PropertyKey[]) => {
  if (path[0] === "resume") return path[1] === "filename" ? "attachment_filename" : "attachment";
  return path.map(String).join(".");
};

/** "name: is required; email: is not an e-mail address" — a reason a person can act on. */
export const describeIssues = (issues: Issue[]) => issues.map((i) => `${i.path || "body"}: ${i.message}`).join("; ");

/** A template's parameters as a typed lead, or every refused parameter in the template's order. */
/** The resume's type by the server's one check; left out when the file is not read (empty or over 50KB: its own issue says so). */
const resumeTypeOf = async (content: Uint8Array) =>
  content.length === 0 || content.length > resumeMaxBytes ? undefined : ((await fileKindFromBytes(content, resumeTypeIds)) ?? null);

export async function leadFromTemplate(
  kind: "contact" | "career",
  params: Record<string, unknown>,
): Promise<{ lead: ContactLead | CareerLead } | { issues: Issue[] }> {
  if (kind === "contact") {
    const checked = contactLeadSchema.safeParse({ ...params, kind });
    return checked.success ? { lead: checked.data } : { issues: checked.error.issues.map((i) => ({ path: parameterOf(i.path), message: i.message })) };
  }
  const attachment = attachmentDataUrl.safeParse(params.attachment);
  const content = attachment.success ? attachment.data : new Uint8Array();
  const checked = careerLeadSchema.safeParse({
    ...params,
    kind,
    resume: { content, type: await resumeTypeOf(content), filename: params.attachment_filename },
  });
  if (checked.success && attachment.success) return { lead: checked.data };
  // What the data URL itself failed (not a data URL, too long) is said in place of what its bytes then failed.
  const attachmentIssues = attachment.success ? [] : attachment.error.issues.map((i) => ({ path: "attachment", message: i.message }));
  const issues: Issue[] = [];
  for (const issue of checked.success ? [] : checked.error.issues) {
    const path = parameterOf(issue.path);
    if (path === "attachment" && !attachment.success) continue;
    if (path === "attachment_filename") issues.push(...attachmentIssues.splice(0));
    issues.push({ path, message: issue.message });
  }
  return { issues: [...issues, ...attachmentIssues] };
}

export type EmailjsRouteOptions = Pick<RequestGuardOptions, "limiter" | "clientKey" | "maxBodyBytes"> & {
  /** Stores the lead with its notification (intake.ts); throws when the database cannot. */
  deliver: (lead: ContactLead | CareerLead) => Promise<unknown>;
  /**
   * The language of the page a request came from (its Referer, decision 0164): the template's
   * parameters are the specification's, exactly, so the language does not travel among them.
   */
  localeOf?: (c: Context) => string;
};

/**
 * `POST /send`: rate limit (429) → JSON only (415) → body limit (413) → the request, its ids and
 * the template's parameters as a typed lead (400 naming each refused parameter) → stored (503 when
 * the database cannot) → 200 `OK`, as EmailJS answers.
 */
export function emailjsRoute(api: Hono, { limiter, clientKey, maxBodyBytes, deliver, localeOf }: EmailjsRouteOptions) {
  api.post(
    "/send",
    ...requestGuards({
      limiter,
      clientKey,
      accepts: jsonBody,
      maxBodyBytes,
      tooMany: (c) => c.text("Too Many Requests: please wait before sending again", 429),
      tooLarge: (c) => c.text("Payload Too Large: the request body is over the limit (the resume may be 50KB at most)", 413),
    }),
    async (c: Context) => {
      const text = await readText(c);
      if (text instanceof Response) return text;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return c.text("Bad Request: the body is not valid JSON", 400);
      }
      const request = sendRequestSchema.safeParse(json);
      if (!request.success)
        return c.text(`Bad Request: ${describeIssues(request.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })))}`, 400);
      const { user_id, service_id, template_id, template_params } = request.data;
      if (user_id !== localMailIds.publicKey) return c.text("Bad Request: the public key is invalid", 400);
      if (service_id !== localMailIds.serviceId) return c.text("Bad Request: the service ID is invalid", 400);
      // An own property only: "__proto__" or "toString" name no template.
      if (!Object.hasOwn(templates, template_id)) {
        return c.text(`Bad Request: the template ID is invalid: no template ${JSON.stringify(template_id)}`, 400);
      }
      // A parameter with a character no keyboard types is refused as the form reader refuses a field (decision 0134).
      for (const [name, value] of Object.entries(template_params ?? {})) {
        const found = typeof value === "string" ? refusedCharacter(value) : undefined;
        if (found) return c.text(`Bad Request: template_params: ${name}: has ${found}, which no form sends`, 400);
      }
      const read = await leadFromTemplate(templates[template_id as keyof typeof templates], template_params ?? {});
      if ("issues" in read) return c.text(`Bad Request: template_params: ${describeIssues(read.issues)}`, 400);

      try {
        await deliver(localeOf ? { ...read.lead, locale: localeOf(c) } : read.lead);
      } catch (error) {
        console.error(`mail endpoint: could not store the message: ${reasonOf(error)}`);
        return c.text("Service Unavailable: the message could not be stored, please try again later", 503);
      }
      return c.text("OK", 200);
    },
  );
}
