import { useCallback, useRef, useState } from "react";
import { forms } from "~/lib/contracts/constants";
import { describeMailError, loadEmailjs, sendMail, type MailForm, type SendMailOptions, type TemplateParams } from "./mail/send-mail";

export type SendStatus = "idle" | "sending" | "success" | "error";

export type UseMailSubmissionOptions = SendMailOptions & {
  /** Least time from the visitor's first interaction with the form to the send. */
  minFillMs?: number;
};

/** True when a visible field of the form already holds something (typed or chosen). */
const hasInput = (form: HTMLFormElement) =>
  [...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input:not([tabindex='-1']), textarea")].some((field) => field.value !== "");

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * idle → sending → success | error for one form. Spam checks never drop a visitor silently:
 * a filled honeypot ends in the visible failure message, and a submission faster than `minFillMs`
 * after the first interaction is held until that time has passed, then sent.
 */
export function useMailSubmission(form: MailForm, { minFillMs = forms.minFillMs, ...sendOptions }: UseMailSubmissionOptions = {}) {
  const [status, setStatus] = useState<SendStatus>("idle");
  const firstInteractionAt = useRef<number | null>(null);

  /** Call on the form's first focus or input: starts the fill clock and warms up the SDK. */
  const noteInteraction = useCallback(() => {
    if (firstInteractionAt.current !== null) return;
    firstInteractionAt.current = Date.now();
    loadEmailjs().catch(() => {}); // a failed preload is retried by the send itself
  }, []);

  /** Callback ref for the <form>: its first focus or input calls noteInteraction. */
  const formRef = useCallback(
    (form: HTMLFormElement | null) => {
      if (!form) return;
      // Typed into before hydration: the visitor's fill started before these listeners existed.
      if (form.contains(document.activeElement) || hasInput(form)) noteInteraction();
      form.addEventListener("focusin", noteInteraction);
      form.addEventListener("input", noteInteraction);
      return () => {
        form.removeEventListener("focusin", noteInteraction);
        form.removeEventListener("input", noteInteraction);
      };
    },
    [noteInteraction],
  );

  /** Sends the params (built lazily, e.g. reading a file); true when the mail service accepted them. */
  const submit = useCallback(
    async (params: () => TemplateParams | Promise<TemplateParams>, honeypot: string): Promise<boolean> => {
      setStatus("sending");
      try {
        if (honeypot) throw new Error("the hidden honeypot field was filled in (treated as a bot)");
        const elapsed = Date.now() - (firstInteractionAt.current ?? Date.now());
        if (elapsed < minFillMs) await wait(minFillMs - elapsed);
        const response = await sendMail(form, await params(), sendOptions);
        console.info(`${form} form: sent`, response);
        firstInteractionAt.current = null;
        setStatus("success");
        return true;
      } catch (error) {
        console.error(`${form} form: sending failed: ${describeMailError(error)}`);
        setStatus("error");
        return false;
      }
    },
    // sendOptions is a fresh object each render; its fields are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [form, minFillMs, sendOptions.config, sendOptions.timeoutMs],
  );

  return { status, noteInteraction, formRef, submit };
}
