import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { serverSettingsFile, type ServerSettings } from "../app/lib/contracts/server-settings";
import { content, words } from "./content";
import { expect, seriousA11yViolations, test } from "./fixtures";
import { quoteForm } from "./quote-helpers";

// The privacy notice (decision 0073): /privacy from content/privacy.yaml, each form's fields and the
// days applications are kept filled in by the build; linked from the footer and beside each form's
// send button, before and without JavaScript. What it expects comes from the content under test.

const { privacy, pages, career } = content;
// The quote form's words on the English page (decision 0166: per language).
const quote = content.quotes[content.locales[0]!.code]!;
const { labels } = words;
const privacyPage = pages.privacy;

/** The privacy link beside a form's send button: a new tab, so what was typed stays in the form. */
const privacyLinkIn = (page: Page, formName: string | RegExp) =>
  page.getByRole("form", { name: formName }).getByRole("link", { name: labels.formPrivacy.link });

const forms = [
  { path: "/contact", form: "Get In Touch" },
  { path: "/", form: "Get In Touch" },
  { path: "/career", form: career.heading },
  { path: "/quote", form: "Request a quote" },
];

test.describe("/privacy", { tag: "@content" }, () => {
  test("names what each form sends (as the form labels it), why, who receives it and how long it is kept", async ({ page }) => {
    const response = await page.goto(privacyPage.path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: privacyPage.heading })).toBeVisible();
    await expect(page.getByText(privacy.updatedLine)).toBeVisible();
    const formsPart = page.getByRole("region", { name: privacy.formsHeading });
    expect(privacy.forms.map((f) => f.form)).toEqual(["contact", "career", "quote"]);
    for (const form of privacy.forms) {
      const part = formsPart.getByRole("region", { name: form.heading });
      await expect(part.getByRole("definition").first().getByRole("listitem")).toHaveText(form.fields);
      for (const text of [...form.purpose, ...form.recipients, ...form.kept]) await expect(part.getByText(text, { exact: true })).toBeVisible();
    }
    // The forms' own labels, so a renamed field is renamed here too.
    const contactFields = privacy.forms[0]!.fields;
    expect(contactFields).toEqual(Object.values(content.messages[content.locales[0]!.code]!.contactForm).slice(0, 4));
    expect(privacy.forms[1]!.fields).toEqual(expect.arrayContaining([words.careerForm.resume, words.careerForm.coverLetter]));
    expect(privacy.forms[2]!.fields).toEqual(expect.arrayContaining([quote.emailLabel, quote.attachmentsLabel, quote.quantityLabel]));
    // The days are the ones the server deletes applications after: the build's server-settings.json.
    const settings = JSON.parse(await readFile(join(process.env.BUILD_DIR ?? "build", serverSettingsFile), "utf8")) as ServerSettings;
    const days = String(settings.applicationRetentionDays);
    expect(days).toBe(String(career.retentionDays));
    await expect(formsPart.getByRole("region", { name: privacy.forms[1]!.heading }).getByText(new RegExp(`\\b${days}\\b`))).toBeVisible();
  });

  test("says how to ask for a copy or deletion, with the company's address as a mail link; axe finds nothing serious", async ({ page }) => {
    await page.goto(privacyPage.path);
    const rights = page.getByRole("region", { name: privacy.rights.heading });
    await expect(rights).toBeVisible();
    if (privacy.rights.text.some((t) => t.includes(content.site.email))) {
      await expect(rights.getByRole("link", { name: content.site.email }).first()).toHaveAttribute("href", `mailto:${content.site.email}`);
    }
    await expect(page.getByRole("region", { name: privacy.device.heading })).toBeVisible();
    // The build under test has no analytics (no VITE_GA_MEASUREMENT_ID): the notice says so, no buttons.
    const analytics = page.getByRole("region", { name: privacy.analytics.heading });
    for (const text of privacy.analytics.notUsed) await expect(analytics.getByText(text, { exact: true })).toBeVisible();
    await expect(analytics.getByRole("button")).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test("is in sitemap.xml", async ({ request }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname)).toContain(privacyPage.path);
  });
});

// With JavaScript, the footer's privacy link beside the copyright (not in Quick View) is
// app/components/layout/site-footer.test.tsx's, and each form's beside its send button
// app/features/forms/privacy-note.test.tsx's (the forms as their pages render them, once hydrated);
// here the served HTML without JavaScript (decision 0144).
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the footer links to the privacy notice beside the copyright, on every page", async ({ page }) => {
    await page.goto("/our-company/mission");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("navigation", { name: labels.footer.quickView }).getByRole("link", { name: labels.footer.privacy })).toHaveCount(0);
    await footer.getByRole("link", { name: labels.footer.privacy, exact: true }).click();
    await expect(page).toHaveURL(privacyPage.path);
    await expect(page.getByRole("heading", { level: 1, name: privacyPage.heading })).toBeVisible();
  });

  for (const { path, form } of forms) {
    test(`${path}: the ${form} form links to the privacy notice beside its send button, in a new tab`, async ({ page }) => {
      await page.goto(path);
      const link = privacyLinkIn(page, form);
      await expect(link).toHaveAttribute("href", privacyPage.path);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      // Right before the send button, the form's last control.
      const following = await link.evaluate((a) => a.closest("p")?.nextElementSibling?.getAttribute("type"));
      expect(following).toBe("submit");
    });
  }
});

test("the form keeps what was typed when the privacy notice opens from it", { tag: "@content" }, async ({ page, context }) => {
  await page.goto("/quote");
  const form = quoteForm(page);
  await form.getByLabel(quote.companyLabel).fill("Nordic Retail AB");
  const [notice] = await Promise.all([context.waitForEvent("page"), privacyLinkIn(page, "Request a quote").click()]);
  await notice.waitForLoadState();
  await expect(notice).toHaveURL(privacyPage.path);
  await expect(notice.getByRole("heading", { level: 1, name: privacyPage.heading })).toBeVisible();
  await expect(form.getByLabel(quote.companyLabel)).toHaveValue("Nordic Retail AB");
});
