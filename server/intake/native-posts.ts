import type { Context, Hono } from "hono";
import { formPostPaths, honeypotName, localeFieldName, type MailForm } from "../../app/lib/contracts/form-endpoint";
import { formResultPaths, notSentPath } from "../../app/lib/contracts/form-results";
import type { CareerLead, ContactLead } from "../../app/lib/contracts/leads";
import { reasonOf } from "../db/db";
import { badRequestForField, readForm, textField } from "../platform/form-reader";
import { formBody, requestGuards, type RequestGuardOptions } from "../platform/request-guards";
import { seeOther } from "../platform/see-other";
import { careerFromForm } from "./career";
import { contactFromForm } from "./contact";
import { answerIn, localeOfForm, localeOfReferer, type SiteLocales } from "./form-locale";
import { problemOfRefusedField, type Parsed } from "./form-problems";

export type NativePostOptions = Pick<RequestGuardOptions, "limiter" | "clientKey" | "maxBodyBytes"> & {
  /**
   * Stores the lead durably with its notification (and wakes the relay); a repeat of one accepted
   * minutes ago (a double press on Send) is recognised by the store and not stored again. Throws
   * when it could not.
   */
  deliver: (lead: ContactLead | CareerLead) => Promise<unknown>;
  /** The served build's languages (decision 0164): each answer is the form's language's page. */
  locales: SiteLocales;
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
export function nativePostRoutes(api: Hono, { limiter, clientKey, maxBodyBytes, deliver, locales }: NativePostOptions) {
  // Before the body is read, the language of the page it came from (its Referer); after, its own field (decision 0164).
  const early = (c: Context, path: string) => seeOther(c, answerIn(path, localeOfReferer(c, locales), locales));
  for (const form of Object.keys(formPostPaths) as MailForm[]) {
    api.post(
      `/form/${form}`,
      ...requestGuards({
        limiter,
        clientKey,
        accepts: formBody,
        maxBodyBytes,
        tooMany: (c) => early(c, notSentPath(form, "too-many")),
        tooLarge: (c) => early(c, notSentPath(form, "too-large")),
      }),
      async (c) => {
        // A field with a character no keyboard types: that field's not-sent page, as for any refused field.
        const data = await readForm(c, (context, refused) => {
          const problem = problemOfRefusedField(form, refused.field);
          return problem ? early(context, notSentPath(form, problem)) : badRequestForField(context, refused);
        });
        if (data instanceof Response) return data;
        const locale = localeOfForm(textField(data, localeFieldName), locales);
        const answer = (path: string) => seeOther(c, answerIn(path, locale, locales));
        // Never a silent drop: a filled honeypot is told, with the way to reach us by e-mail.
        if (textField(data, honeypotName)) return answer(notSentPath(form, "spam"));

        const parsed = await readers[form](data);
        if ("problem" in parsed) return answer(`${formResultPaths[form].notSent}/${parsed.problem}`);

        try {
          await deliver({ ...parsed.lead, locale });
        } catch (error) {
          console.error(`${form} form post: could not store the message: ${reasonOf(error)}`);
          return answer(notSentPath(form, "failed"));
        }
        return answer(formResultPaths[form].sent);
      },
    );
  }
}
