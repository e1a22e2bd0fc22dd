import { sql } from "drizzle-orm";
import { Window } from "happy-dom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../db/db";
import { testDatabasePerFile } from "../../test-support/databases";
import { addTestAccount, startStaffServer } from "../../test-support/staff";
import { defaultResponseTargets, loadResponseTargets } from "./response-targets";
import { mountResponseTargets, responseTargetsPath } from "./response-targets-page";

// The response targets' settings page (decisions 0153, 0157) through the real desk: sign-in, CSRF, role, audit.

const text = (node: { textContent: string | null } | null | undefined) => (node?.textContent ?? "").replace(/\s+/g, " ").trim();
function read(html: string) {
  const { document } = new Window();
  document.write(html);
  const field = (label: string) => {
    const found = [...document.querySelectorAll("label")].find((l) => text(l) === label);
    return found ? (document.getElementById(found.getAttribute("for") ?? "") as unknown as { value: string; getAttribute(n: string): string | null }) : null;
  };
  return {
    value: (label: string) => field(label)?.getAttribute("value") ?? null,
    checkedDays: () => [...document.querySelectorAll('input[name="days"]')].filter((i) => i.hasAttribute("checked")).map((i) => text(i.parentElement)),
    errors: () => [...document.querySelectorAll(".error-summary li, [role=alert] li")].map(text),
    body: text(document.body),
  };
}

describe("the response targets' settings", () => {
  const handle = testDatabasePerFile("PGlite");
  let server: Awaited<ReturnType<typeof startStaffServer>>;
  beforeAll(async () => {
    server = await startStaffServer(handle.db, { routes: [mountResponseTargets], timeZone: "Asia/Dhaka" });
    await addTestAccount(handle.db, "admin");
    await addTestAccount(handle.db, "sales");
  });
  afterAll(() => server.close());

  const signedIn = async (email: string) => {
    const browser = server.browser();
    expect((await browser.signIn(email)).status).toBe(303);
    return browser;
  };
  const valid = {
    days: "0",
    start: "08:30",
    end: "17:00",
    "hours-contact": "6",
    "hours-career": "20",
    "hours-quote": "2",
    "later-contact": "5",
    "later-career": "30",
    "later-quote": "3",
  };

  it("shows an admin the defaults, saves a change (303, audited) and shows it back", async () => {
    const admin = await signedIn("admin@example.com");
    const page = read(await (await admin.request(responseTargetsPath)).text());
    expect(page.body).toContain("in the desk's time zone (Asia/Dhaka)");
    expect(page.checkedDays()).toEqual(["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday"]);
    expect(page.value("Working day starts (HH:MM)")).toBe("09:00");
    expect(page.value("Target for a quote, in working hours")).toBe("4");
    expect(page.value("Target for a contact, in working hours")).toBe("8");
    expect(page.value("Target for an application, in working hours")).toBe("18");
    expect(page.value("Target for a later reply to a quote, in working hours")).toBe("8");
    expect(page.value("Target for a later reply to a contact, in working hours")).toBe("8");
    expect(page.value("Target for a later reply to an application, in working hours")).toBe("18");

    const form = new URLSearchParams(valid);
    form.append("days", "1");
    const saved = await admin.request(responseTargetsPath, {
      method: "POST",
      body: form,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: admin.origin },
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(`${responseTargetsPath}?saved=1`);
    expect(await loadResponseTargets(handle.db)).toEqual({
      days: [0, 1],
      start: "08:30",
      end: "17:00",
      hours: { contact: 6, career: 20, quote: 2 },
      laterHours: { contact: 5, career: 30, quote: 3 },
    });
    const after = read(await (await admin.request(`${responseTargetsPath}?saved=1`)).text());
    expect(after.body).toContain("The response targets are saved.");
    expect(after.checkedDays()).toEqual(["Sunday", "Monday"]);
    expect(after.value("Target for a quote, in working hours")).toBe("2");
    expect(after.value("Target for a later reply to a quote, in working hours")).toBe("3");
    const [entry] = await rows<{ action: string }>(handle.db, sql`select action from staff_audit where action = 'settings.response-targets'`);
    expect(entry).toEqual({ action: "settings.response-targets" });
  });

  it("refuses settings that cannot be with the reason at each field (400), keeping what was typed", async () => {
    const admin = await signedIn("admin@example.com");
    const before = await loadResponseTargets(handle.db);
    const answer = await admin.request(responseTargetsPath, {
      method: "POST",
      body: new URLSearchParams({
        start: "18:00",
        end: "09:00",
        "hours-contact": "0",
        "hours-career": "x",
        "hours-quote": "201",
        "later-quote": "0",
        "later-contact": "8",
      }),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: admin.origin },
    });
    expect(answer.status).toBe(400);
    const page = read(await answer.text());
    expect(page.body).toContain("Choose at least one working day.");
    expect(page.body).toContain("The working day must end after it starts.");
    expect(page.body).toContain("The target for a contact must be a whole number of working hours from 1 to 200.");
    expect(page.body).toContain("The target for an application must be a whole number of working hours from 1 to 200.");
    expect(page.body).toContain("The target for a quote must be a whole number of working hours from 1 to 200.");
    expect(page.value("Target for a quote, in working hours")).toBe("201");
    expect(page.body).toContain("The later-reply target for a quote must be a whole number of working hours from 1 to 200.");
    // Left out of the post: refused at its field too.
    expect(page.body).toContain("The later-reply target for an application must be a whole number of working hours from 1 to 200.");
    expect(page.body).not.toContain("The later-reply target for a contact");
    expect(page.value("Target for a later reply to a quote, in working hours")).toBe("0");
    expect(await loadResponseTargets(handle.db)).toEqual(before);
    // Not a form at all: 400 with a reason.
    const json = await admin.request(responseTargetsPath, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json", origin: admin.origin },
    });
    expect(json.status).toBe(400);
    expect(await json.text()).toContain("Bad Request");
  });

  it("reads a value saved before later-reply targets existed with their defaults, and keeps its other settings", async () => {
    const old = { days: [0, 1, 2], start: "10:00", end: "16:00", hours: { contact: 6, career: 20, quote: 2 } };
    await rows(
      handle.db,
      sql`insert into staff_settings (key, value) values ('response-targets', ${JSON.stringify(old)}) on conflict (key) do update set value = excluded.value`,
    );
    expect(await loadResponseTargets(handle.db)).toEqual({ ...old, laterHours: defaultResponseTargets.laterHours });
    const admin = await signedIn("admin@example.com");
    const page = read(await (await admin.request(responseTargetsPath)).text());
    expect(page.value("Working day starts (HH:MM)")).toBe("10:00");
    expect(page.value("Target for a later reply to an application, in working hours")).toBe("18");
  });

  it("is for admins only, and a post from another site is refused", async () => {
    const sales = await signedIn("sales@example.com");
    expect((await sales.request(responseTargetsPath)).status).toBe(403);
    const post = await sales.request(responseTargetsPath, {
      method: "POST",
      body: new URLSearchParams(valid),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(post.status).toBe(403);
    const admin = await signedIn("admin@example.com");
    const crossSite = await admin.request(responseTargetsPath, {
      method: "POST",
      body: new URLSearchParams(valid),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    expect(defaultResponseTargets.hours.quote).toBe(4);
  });
});
