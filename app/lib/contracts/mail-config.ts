// No imports beyond the form endpoint's ids: the build's CSP step (server/platform/security-headers.ts,
// written by scripts/build/steps/security-config.mjs) decides from this same rule whether EmailJS is used.
import { localMailIds, type MailForm } from "./form-endpoint";

export type MailConfig = {
  publicKey: string;
  serviceId: string;
  templates: Record<MailForm, string>;
  /** EmailJS API origin; undefined sends to this site's own origin (the built-in endpoint). */
  origin?: string;
};

/**
 * EmailJS when all its VITE_ keys are set at build time; otherwise the site's own
 * EmailJS-compatible endpoint (server/intake), so a fresh `npm start` delivers into ./outbox.
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
