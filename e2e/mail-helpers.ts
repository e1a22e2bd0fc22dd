import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Page, Request, Route } from "@playwright/test";
import { simpleParser } from "mailparser";

export const sendPath = "**/api/v1.0/email/send";

/**
 * EmailJS's answer to a headless browser: the one refusal a browser test still sends (e2e/contact.spec.ts,
 * for the failure message's red on the rendered page). The other ways a send ends (403, 429, a network
 * error, no answer) are the forms' unit tests' (app/features/forms/contact-form.test.tsx,
 * career-form.test.tsx: decision 0144).
 */
export const headlessRefusal = (route: Route) => route.fulfill({ status: 451, body: "Unavailable For Headless Browser" });

/**
 * Intercepts the mail send: resolves `request` with the first request and answers with `answer`
 * (or holds it until `release()` is called when `answer` is "hold").
 */
export async function interceptSend(page: Page, answer: ((route: Route) => Promise<void>) | "hold") {
  let resolveRequest!: (r: Request) => void;
  const request = new Promise<Request>((resolve) => (resolveRequest = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(sendPath, async (route) => {
    resolveRequest(route.request());
    if (answer === "hold") {
      await released;
      await route.fulfill({ status: 200, body: "OK" }).catch(() => {});
    } else {
      await answer(route);
    }
  });
  return { request, release };
}

/** The rendered text colour as [r, g, b] (Tailwind 4 colours are oklch; a canvas converts them). */
export function textRgb(locator: import("@playwright/test").Locator): Promise<[number, number, number]> {
  return locator.evaluate((el) => {
    const ctx = document.createElement("canvas").getContext("2d")!;
    ctx.fillStyle = getComputedStyle(el).color;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
    return [r!, g!, b!] as [number, number, number];
  });
}

export const isGreen = ([r, g, b]: number[]) => g! > r! + 40 && g! > b! + 20;
export const isRed = ([r, g, b]: number[]) => r! > g! + 80 && r! > b! + 80;

/**
 * What the company received: the server under test stores each submission in its database and
 * relays it to the SMTP sink playwright.config.ts starts, which keeps every message in E2E_MAIL_DIR.
 */
export const mailDir = resolve(process.env.E2E_MAIL_DIR || "outbox");

/** Every message relayed so far containing `token`. */
export async function emlContaining(token: string): Promise<string[]> {
  const files = (await readdir(mailDir).catch(() => [])).filter((f) => f.endsWith(".eml"));
  const hits: string[] = [];
  for (const file of files) {
    const text = await readFile(join(mailDir, file), "utf8").catch(() => "");
    if (text.includes(token)) hits.push(text);
  }
  return hits;
}

/** A value no other test or run types, to find this test's message among those received. */
export const uniqueToken = () => `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * A message's text as a mail program shows it (mailparser decodes its quoted-printable): a phrase
 * the raw file may break across a soft line break wherever the line's length puts one.
 */
export async function mailText(eml: string): Promise<string> {
  return (await simpleParser(eml)).text ?? "";
}
