import type { Hono } from "hono";
import { formPostPaths, honeypotName, type MailForm } from "../../app/lib/contracts/form-endpoint";
import { formResultPaths, notSentPath } from "../../app/lib/contracts/form-results";
import type { CareerLead, ContactLead } from "../../app/lib/contracts/leads";
import { reasonOf } from "../db/db";
import { badRequestForField, readForm, textField } from "../platform/form-reader";
import { formBody, requestGuards, type RequestGuardOptions } from "../platform/request-guards";
import { seeOther } from "../platform/see-other";
import { careerFromForm } from "./career";
import { contactFromForm } from "./contact";
import { problemOfRefusedField, type Parsed } from "./form-problems";

export type NativePostOptions = Pick<RequestGuardOptions, "limiter" | "clientKey" | "maxBodyBytes"> & {
  /**
   * Stores the lead durably with its notification (and wakes the relay); a repeat of one accepted
   * minutes ago (a double press on Send) is recognised by the store and not stored again. Throws
   * when it could not.
   */
  deliver: (lead: ContactLead | CareerLead) => Promise<unknown>;
};

const readers: { [F in MailForm]: (data: FormData) => Parsed<ContactLead | CareerLead, F> | Promise<Parsed<ContactLead | CareerLead, F>> } = {
  contact: contactFromForm,
  career: careerFromForm,
};

/**
 * The forms' native posts (before and without JavaScript): `POST /form/contact` (urlencoded or
 * multipart) and `/form/career` (multipart, the resume as a file part). The same rate limit, body
 * limit and lead checks as the JSON endpoint; answers 303 See Other to the prerendered "sent" page or
 * to the page that names the problem. Only a request no browser form would send gets a 4xx: 415 for
 * another content type, 400 for a body that cannot be read.
 */
export function nativePostRoutes(api: Hono, { limiter, clientKey, maxBodyBytes, deliver }: NativePostOptions) {
  for (const form of Object.keys(formPostPaths) as MailForm[]) {
    api.post(
      `/form/${form}`,
      ...requestGuards({
        limiter,
        clientKey,
        accepts: formBody,
        maxBodyBytes,
        tooMany: (c) => seeOther(c, notSentPath(form, "too-many")),
        tooLarge: (c) => seeOther(c, notSentPath(form, "too-large")),
      }),
      async (c) => {
        // A field with a character no keyboard types: that field's not-sent page, as for any refused field.
        const data = await readForm(c, (context, refused) => {
          const problem = problemOfRefusedField(form, refused.field);
          return problem ? seeOther(context, notSentPath(form, problem)) : badRequestForField(context, refused);
        });
        if (data instanceof Response) return data;
        // Never a silent drop: a filled honeypot is told, with the way to reach us by e-mail.
        if (textField(data, honeypotName)) return seeOther(c, notSentPath(form, "spam"));

        const parsed = await readers[form](data);
        if ("problem" in parsed) return seeOther(c, `${formResultPaths[form].notSent}/${parsed.problem}`);

        try {
          await deliver(parsed.lead);
        } catch (error) {
          console.error(`${form} form post: could not store the message: ${reasonOf(error)}`);
          return seeOther(c, notSentPath(form, "failed"));
        }
        return seeOther(c, formResultPaths[form].sent);
      },
    );
  }
}
