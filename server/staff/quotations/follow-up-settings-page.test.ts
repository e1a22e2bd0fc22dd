import { sql } from "drizzle-orm";
import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import { rows } from "../../db/db";
import type { TestBrowser } from "../../../test-support/staff";
import { staffSuite } from "../../../test-support/staff-suite";
import { loadFollowUpDays } from "./follow-up";
import { mountQuotationFollowUp, quotationFollowUpPath } from "./follow-up-settings-page";

// The quotation follow-up's setting (decision 0158) through the real desk: sign-in, CSRF, role, audit.

const text = (node: { textContent: string | null } | null | undefined) => (node?.textContent ?? "").replace(/\s+/g, " ").trim();
function read(html: string) {
  const { document } = new Window();
  document.write(html);
  const label = [...document.querySelectorAll("label")].find((l) => text(l) === "Days without an answer");
  const input = label && document.getElementById(label.getAttribute("for") ?? "");
  return {
    value: input?.getAttribute("value") ?? null,
    describedBy: (input?.getAttribute("aria-describedby") ?? "").split(" ").map((id) => text(document.getElementById(id))),
    body: text(document.body),
  };
}

describe("the quotation follow-up's setting", () => {
  const { leads, signedIn } = staffSuite("PGlite", { desk: { routes: [mountQuotationFollowUp] } });
  const post = (browser: TestBrowser, days: string, origin = browser.origin) =>
    browser.request(quotationFollowUpPath, {
      method: "POST",
      body: new URLSearchParams({ days }),
      headers: { "content-type": "application/x-www-form-urlencoded", origin },
    });

  it("shows an admin the default of 5 days, saves a change (303, audited) and shows it back", async () => {
    const admin = await signedIn("admin");
    const page = read(await (await admin.request(quotationFollowUpPath)).text());
    expect(page.value).toBe("5");
    expect(page.describedBy[0]).toContain("Calendar days, weekends included");
    const saved = await post(admin, "7");
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(`${quotationFollowUpPath}?saved=1`);
    expect(await loadFollowUpDays(leads.db)).toBe(7);
    const after = read(await (await admin.request(`${quotationFollowUpPath}?saved=1`)).text());
    expect(after.body).toContain("The quotation follow-up setting is saved.");
    expect(after.value).toBe("7");
    const entries = await rows<{ action: string; detail: unknown }>(
      leads.db,
      sql`select action, detail from staff_audit where action = 'settings.quotation-follow-up'`,
    );
    expect(entries.map((e) => ({ ...e, detail: typeof e.detail === "string" ? JSON.parse(e.detail) : e.detail }))).toEqual([
      { action: "settings.quotation-follow-up", detail: { days: 7 } },
    ]);
  });

  it("refuses a value that is not a whole number of days from 1 to 60 at the field (400), keeping what was typed", async () => {
    const admin = await signedIn("admin");
    const before = await loadFollowUpDays(leads.db);
    for (const typed of ["0", "61", "2.5", "five", ""]) {
      const answer = await post(admin, typed);
      expect(answer.status).toBe(400);
      const page = read(await answer.text());
      expect(page.describedBy).toContain("Enter the days as a whole number from 1 to 60.");
      expect(page.value).toBe(typed);
    }
    expect(await loadFollowUpDays(leads.db)).toBe(before);
  });

  it("is for admins only, and a post from another site is refused", async () => {
    const sales = await signedIn("sales");
    expect((await sales.request(quotationFollowUpPath)).status).toBe(403);
    expect((await post(sales, "9")).status).toBe(403);
    const admin = await signedIn("admin");
    expect((await post(admin, "9", "https://evil.example")).status).toBe(403);
    expect(await loadFollowUpDays(leads.db)).not.toBe(9);
  });
});
