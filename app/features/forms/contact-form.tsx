import { useId, type FormEvent } from "react";
import { FormField } from "~/components/form-field/form-field";
import { useMessages, useTranslatedLang } from "~/content/messages";
import { fieldMaxLength, formPostPaths } from "~/lib/contracts/form-endpoint";
import { FormStatus } from "./form-status";
import { FormLocale, Honeypot, honeypotName } from "./honeypot";
import { PrivacyNote } from "./privacy-note";
import { useMailSubmission, type UseMailSubmissionOptions } from "./use-mail-submission";
import { submitButtonClass } from "./submit-button";

export type ContactFormProps = {
  /** Level of the "Get In Touch" heading where the form sits (h2 on /contact, h2 or h3 on the home page). */
  headingLevel?: 2 | 3;
  /** For tests: timeout, minimum fill time or a mail config. */
  sendOptions?: UseMailSubmissionOptions;
  className?: string;
};

/**
 * The Get In Touch form: Name, Email, Subject, Message. Self-contained (every id from useId), so
 * /contact and the home page can each hold one. Cleared on success, kept as typed on failure.
 * A real form: before (or without) JavaScript it posts natively to the site's own endpoint, which
 * answers with a result page; once hydrated, onSubmit sends through the EmailJS SDK instead.
 * The fields are uncontrolled, so hydration keeps whatever the visitor typed before it.
 */
export function ContactForm({ headingLevel = 2, sendOptions, className = "" }: ContactFormProps) {
  const messages = useMessages();
  const words = messages.contactForm;
  // The form's labels and button are interface words (decision 0160); its heading and intro are the
  // contact page's words in the page's language, or the English ones marked as such (decision 0167).
  const text = messages.contact.form;
  const textLang = messages.contact.lang ?? undefined;
  const lang = useTranslatedLang();
  const Heading = `h${headingLevel}` as const;
  const headingId = useId();
  const { status, formRef, submit } = useMailSubmission("contact", sendOptions);
  const sending = status === "sending";

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const field = (name: string) => String(data.get(name) ?? "");
    const sent = await submit(
      () => ({ name: field("name"), email: field("email"), subject: field("subject"), message: field("message") }),
      field(honeypotName),
    );
    if (sent) form.reset();
  }

  return (
    <form
      aria-labelledby={headingId}
      method="post"
      action={formPostPaths.contact}
      onSubmit={onSubmit}
      ref={formRef}
      className={`relative rounded-lg bg-white p-6 text-ink-900 shadow-lg ${className}`}
    >
      <Heading id={headingId} lang={textLang} className="text-2xl font-bold text-brand-800">
        {text.heading}
      </Heading>
      <p lang={textLang} className="mt-1 text-ink-700">
        {text.intro}
      </p>
      <div lang={lang} className="mt-4 grid gap-4 sm:grid-cols-2">
        <FormField label={words.name} name="name" autoComplete="name" required maxLength={fieldMaxLength.name} />
        <FormField label={words.email} name="email" type="email" autoComplete="email" required maxLength={fieldMaxLength.email} />
      </div>
      <div lang={lang} className="mt-4 grid gap-4">
        <FormField label={words.subject} name="subject" maxLength={fieldMaxLength.subject} />
        <FormField as="textarea" label={words.message} name="message" rows={5} required maxLength={fieldMaxLength.message} />
      </div>
      <Honeypot label={words.honeypot} />
      <FormLocale />
      <PrivacyNote />
      <button type="submit" lang={lang} disabled={sending} className={`mt-5 ${submitButtonClass}`}>
        {sending ? words.sending : words.submit}
      </button>
      <FormStatus status={status} success={words.success} failure={words.failure} lang={lang} />
    </form>
  );
}
