import { useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { FormField } from "~/components/form-field/form-field";
import { useMessages, useTranslatedLang } from "~/content/messages";
import { resumeAcceptAttribute } from "~/lib/contracts/resume-type";
import { FormStatus } from "./form-status";
import { FormLocale, Honeypot, honeypotName } from "./honeypot";
import { fieldMaxLength, formPostPaths } from "~/lib/contracts/form-endpoint";
import { isAcceptedResume, isResumeTooLarge, readAsDataUrl } from "./read-file";
import { PrivacyNote } from "./privacy-note";
import { submitButtonClass } from "./submit-button";
import { useMailSubmission, type UseMailSubmissionOptions } from "./use-mail-submission";

export type CareerFormProps = {
  headingLevel?: 2 | 3;
  /** The position applied for, filled in (a job's apply page); the visitor may still change it. */
  position?: string;
  /** For tests: timeout, minimum fill time or a mail config. */
  sendOptions?: UseMailSubmissionOptions;
};

/**
 * The job application: Name, Email, Phone, Position, Cover letter (optional) and a resume of at
 * most 50KB whose content is a document type (app/lib/contracts/resume-type.ts). Cleared only on success;
 * on failure everything stays, the chosen file included.
 * Before (or without) JavaScript it posts natively (multipart, the resume as a file part) to the
 * site's own endpoint; uncontrolled fields keep what was typed or chosen before hydration.
 */
export function CareerForm({ headingLevel = 2, position, sendOptions }: CareerFormProps) {
  const Heading = `h${headingLevel}` as const;
  const headingId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string>();
  const { status, formRef, submit } = useMailSubmission("career", sendOptions);
  const sending = status === "sending";
  // The form's words are the page's language's (content/messages/, decision 0160); inside the
  // untranslated page around it they carry that language. Heading, intro and the retention notice are content.
  const messages = useMessages();
  const words = messages.careerForm;
  const lang = useTranslatedLang();
  // Heading, intro and retention notice in the page's language, or the English ones marked as such (decision 0167).
  const career = messages.career;
  const careerLang = career.lang ?? undefined;

  /**
   * Refuses a file over 50KB or whose content is not a resume type (not taken: the field is empty
   * and required again); true when refused.
   */
  async function refuseUnfitFile(input: HTMLInputElement): Promise<boolean> {
    const file = input.files?.[0];
    if (!file || file.size === 0) {
      setFileError(undefined);
      return false;
    }
    const problem = isResumeTooLarge(file) ? words.fileTooLarge : (await isAcceptedResume(file)) ? undefined : words.fileType;
    // Another file may have been chosen while this one was read: its own check decides.
    if (input.files?.[0] !== file) return false;
    if (problem) input.value = "";
    setFileError(problem);
    return problem !== undefined;
  }

  function onFileChange(event: ChangeEvent<HTMLInputElement>) {
    // A message shown was about the file chosen before; the new file's check (which may first
    // fetch its code) decides whether one comes back.
    setFileError(undefined);
    void refuseUnfitFile(event.currentTarget);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    // A file chosen before hydration was never checked by onFileChange.
    if (fileInput.current && (await refuseUnfitFile(fileInput.current))) {
      fileInput.current.focus();
      return;
    }
    const file = fileInput.current?.files?.[0];
    // `required` normally stops this first (see onInvalid); an empty file counts as none.
    if (!file || file.size === 0) {
      setFileError(words.noFile);
      fileInput.current?.focus();
      return;
    }
    const data = new FormData(form);
    const field = (name: string) => String(data.get(name) ?? "");
    const sent = await submit(
      async () => ({
        name: field("name"),
        email: field("email"),
        phone: field("phone"),
        position: field("position"),
        coverLetter: field("coverLetter"),
        attachment: await readAsDataUrl(file),
        attachment_filename: file.name,
      }),
      field(honeypotName),
    );
    if (sent) {
      form.reset();
      if (fileInput.current) fileInput.current.value = ""; // not every DOM resets file inputs
      setFileError(undefined);
    }
  }

  return (
    <form
      aria-labelledby={headingId}
      method="post"
      action={formPostPaths.career}
      encType="multipart/form-data"
      onSubmit={onSubmit}
      ref={formRef}
      className="relative rounded-lg bg-white p-6 text-ink-900 shadow-lg"
    >
      <Heading id={headingId} lang={careerLang} className="text-2xl font-bold text-brand-800">
        {career.heading}
      </Heading>
      <p lang={careerLang} className="mt-1 text-ink-700">
        {career.intro}
      </p>
      <div lang={lang} className="mt-4 grid gap-4 sm:grid-cols-2">
        <FormField label={words.name} name="name" autoComplete="name" required maxLength={fieldMaxLength.name} />
        <FormField label={words.email} name="email" type="email" autoComplete="email" required maxLength={fieldMaxLength.email} />
        <FormField label={words.phone} name="phone" type="tel" autoComplete="tel" required maxLength={fieldMaxLength.phone} />
        {/* defaultValue is the HTML value attribute: filled without JavaScript; hydration keeps what is there, and a reset after sending restores it. */}
        <FormField label={words.position} name="position" required maxLength={fieldMaxLength.position} defaultValue={position} />
      </div>
      <div lang={lang} className="mt-4 grid gap-4">
        <FormField as="textarea" label={words.coverLetter} name="coverLetter" rows={6} maxLength={fieldMaxLength.coverLetter} />
        <FormField
          ref={fileInput}
          label={words.resume}
          hint={words.resumeHint}
          name="resume"
          type="file"
          accept={resumeAcceptAttribute}
          required
          error={fileError}
          onChange={onFileChange}
          // The browser blocks a submit without a file; show our message beside its bubble.
          onInvalid={() => setFileError(words.noFile)}
        />
      </div>
      <Honeypot label={words.honeypot} />
      <FormLocale />
      <p lang={careerLang} className="mt-4 text-sm text-ink-700">
        {career.retentionNotice}
      </p>
      <PrivacyNote />
      <button type="submit" lang={lang} disabled={sending} className={`mt-5 ${submitButtonClass}`}>
        {sending ? words.sending : words.submit}
      </button>
      <FormStatus status={status} success={words.success} failure={words.failure} lang={lang} checkMark />
    </form>
  );
}
