import { forms } from "~/lib/contracts/constants";
import { localMailIds, type MailForm } from "../../../lib/contracts/form-endpoint";

export type { MailForm };

export type MailConfig = {
  publicKey: string;
  serviceId: string;
  templates: Record<MailForm, string>;
  /** EmailJS API origin; undefined sends to this site's own origin (the built-in endpoint). */
  origin?: string;
};

export type TemplateParams = Record<string, string>;

/**
 * EmailJS when all its VITE_ keys are set at build time; otherwise the site's own
 * EmailJS-compatible endpoint (server/mail), so a fresh `npm start` delivers into ./outbox.
 */
export function mailConfigFromEnv(env: Record<string, string | boolean | undefined>): MailConfig {
  const value = (name: string) => (typeof env[name] === "string" && env[name] ? (env[name] as string) : undefined);
  const publicKey = value("VITE_EMAILJS_PUBLIC_KEY");
  const serviceId = value("VITE_EMAILJS_SERVICE_ID");
  const contact = value("VITE_EMAILJS_CONTACT_TEMPLATE_ID");
  const career = value("VITE_EMAILJS_CAREER_TEMPLATE_ID");
  if (publicKey && serviceId && contact && career) {
    return { publicKey, serviceId, templates: { contact, career }, origin: value("VITE_EMAILJS_ORIGIN") ?? "https://api.emailjs.com" };
  }
  return { ...localMailIds, origin: undefined };
}

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
