import { forms } from "~/lib/contracts/constants";
import type { MailForm } from "~/lib/contracts/form-endpoint";
import { mailConfigFromEnv, type MailConfig } from "~/lib/contracts/mail-config";

export type { MailForm, MailConfig };

export type TemplateParams = Record<string, string>;

export class MailTimeoutError extends Error {
  constructor(ms: number) {
    super(`No answer from the mail service within ${ms / 1000} s`);
    this.name = "MailTimeoutError";
  }
}

/** The SDK (~2 kB) loads on the visitor's first interaction with a form, not with the page. */
export const loadEmailjs = () => import("@emailjs/browser");

export type SendMailOptions = { config?: MailConfig; timeoutMs?: number };

/**
 * Sends one form's template parameters with the official SDK. Resolves on a 2xx answer; rejects on
 * anything else (451, 403, 429, network error) and after `timeoutMs` (the SDK has no timeout).
 */
export async function sendMail(form: MailForm, params: TemplateParams, options: SendMailOptions = {}) {
  const config = options.config ?? mailConfigFromEnv(import.meta.env);
  const timeoutMs = options.timeoutMs ?? forms.mailTimeoutMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new MailTimeoutError(timeoutMs)), timeoutMs);
  });
  try {
    return await Promise.race([
      loadEmailjs().then((emailjs) => {
        // The SDK reads its API origin only from init(); send()'s options cannot change it.
        emailjs.init({ publicKey: config.publicKey, origin: config.origin ?? window.location.origin });
        return emailjs.send(config.serviceId, config.templates[form], params, { publicKey: config.publicKey });
      }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** A readable reason for the console: the SDK rejects with { status, text }, an Error or a string. */
export function describeMailError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (error && typeof error === "object" && "status" in error) {
    const { status, text } = error as { status: number; text?: string };
    return `status ${status}${text ? ` ${text}` : ""}`;
  }
  return String(error);
}
