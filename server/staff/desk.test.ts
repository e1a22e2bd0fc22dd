import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, vi } from "vitest";
import { sql } from "drizzle-orm";
import { leads as leadsTable } from "../db/schema";
import { aboveTheStore, drivers, groupAboveTheStore, onBothDrivers } from "../../test-support/databases";
import { listAudit } from "./audit";
import { addTestAccount, testPassword } from "../../test-support/staff";
import { staffSuite } from "../../test-support/staff-suite";

describe.each(drivers)("staff desk on %s", (driver) => {
  // The audit log's trigger (the database refusing an update) on both; the desk's pages on PGlite, signed in on
  // PostgreSQL by server/desk-on-postgresql.test.ts (decision 0143).
  const it = aboveTheStore(driver);
  const group = groupAboveTheStore(driver);
  const { leads, server, signedIn } = staffSuite(driver, {
    desk: { throttle: { perAccountClient: { max: 3, windowMs: 60_000 }, perClient: { max: 6, windowMs: 60_000 }, perAccount: { max: 9, windowMs: 60_000 } } },
  });

  group("sign-in and sign-out", () => {
    it("signs in with e-mail and password, sets an HttpOnly SameSite=Lax session cookie, and records the sign-in", async () => {
      await addTestAccount(leads.db, "sales");
      const browser = server.browser();
      const page = await browser.request("/staff/sign-in");
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<label for="email">E-mail address</label>');
      expect(html).toContain('<a class="skip" href="#main">');
      expect(page.headers.get("content-security-policy")).toContain("script-src 'none'");

      const signedIn = await browser.signIn("Sales@Example.com");
      expect(signedIn.status).toBe(303);
      expect(signedIn.headers.get("location")).toBe("/staff");
      const session = browser.lastSetCookies.find((c) => c.startsWith("ssl-staff.session_token="))!;
      expect(session).toMatch(/HttpOnly/i);
      expect(session).toMatch(/SameSite=Lax/i);
      expect(session).not.toMatch(/Secure/i);

      const home = await browser.request("/staff");
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("Signed in as Sales Person.");
      const [entry] = await listAudit(leads.db, { action: "sign-in" });
      expect(entry).toMatchObject({ actorEmail: "sales@example.com", action: "sign-in" });
    });

    it("marks the cookie Secure when a trusted proxy says the request came over HTTPS", async () => {
      await addTestAccount(leads.db, "sales");
      const browser = server.browser({ https: true, forwardedFor: "198.51.100.20" });
      expect((await browser.signIn("sales@example.com")).status).toBe(303);
      expect(browser.lastSetCookies.find((c) => c.startsWith("ssl-staff.session_token="))).toMatch(/; Secure/);
    });

    it("signs out: the session is revoked on the server, the old cookie no longer opens anything", async () => {
      const browser = await signedIn("sales");
      const stolen = new Map(browser.cookies);
      const out = await browser.post("/staff/sign-out", {});
      expect(out.status).toBe(303);
      expect(out.headers.get("location")).toBe("/staff/sign-in?notice=signed-out");
      const replay = server.browser();
      for (const [k, v] of stolen) replay.cookies.set(k, v);
      const home = await replay.request("/staff");
      expect(home.status).toBe(303);
      expect(home.headers.get("location")).toBe("/staff/sign-in?next=%2Fstaff");
      expect((await listAudit(leads.db, { action: "sign-out" })).length).toBe(1);
    });

    it("says what is wrong and keeps the e-mail typed; records the failed attempt", async () => {
      await addTestAccount(leads.db, "sales");
      const response = await server.browser().signIn("sales@example.com", "not the password at all");
      expect(response.status).toBe(401);
      const html = await response.text();
      expect(html).toContain("The e-mail address or password is not right.");
      expect(html).toContain('value="sales@example.com"');
      expect(html).toContain('aria-describedby="email-error"');
      // The answer never shows the password back.
      expect(html).not.toContain("not the password at all");
      expect((await listAudit(leads.db, { action: "sign-in.failed" }))[0]).toMatchObject({ target: "account:sales@example.com" });
    });

    it("slows the guesser, not the owner: after wrong passwords from one client, that client waits (the right password too), the owner signs in from another at once", async () => {
      // Its own account: the throttle outlives the test (it is the server's memory, not the database's).
      const email = `guessed-${driver}@example.com`;
      await addTestAccount(leads.db, "hr", email);
      const attacker = server.browser({ forwardedFor: "198.51.100.66" });
      for (let i = 0; i < 3; i++) expect((await attacker.signIn(email, `wrong guess ${i}`)).status).toBe(401);
      const throttled = await attacker.signIn(email, testPassword);
      expect(throttled.status).toBe(429);
      expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
      const throttledPage = await throttled.text();
      expect(throttledPage).toContain("Too many wrong passwords. Try again in 1 minute.");
      expect(throttledPage).toContain(`value="${email}"`);
      expect(throttledPage).not.toContain(testPassword);

      const owner = server.browser({ forwardedFor: "203.0.113.77" });
      expect((await owner.signIn(email)).status).toBe(303);
      expect((await owner.request("/staff")).status).toBe(200);
      expect((await attacker.signIn(email, testPassword)).status).toBe(429);
      // Each wrong password is in the audit log with the address it came from.
      const failures = await listAudit(leads.db, { action: "sign-in.failed", search: email });
      expect(failures.map((entry) => [entry.target, entry.ip])).toEqual(Array.from({ length: 3 }, () => [`account:${email}`, "198.51.100.66"]));
    }, 30_000);

    it("past the account's ceiling (guesses from many addresses), lets in only a client the account signed in from before", async () => {
      const email = `ceiling-${driver}@example.com`;
      await addTestAccount(leads.db, "sales", email);
      expect((await server.browser({ forwardedFor: "203.0.113.78" }).signIn(email)).status).toBe(303);
      for (const address of ["198.51.100.71", "198.51.100.72", "198.51.100.73"]) {
        for (let i = 0; i < 3; i++) expect((await server.browser({ forwardedFor: address }).signIn(email, `wrong guess ${i}`)).status).toBe(401);
      }
      expect((await server.browser({ forwardedFor: "198.51.100.74" }).signIn(email)).status).toBe(429);
      expect((await server.browser({ forwardedFor: "203.0.113.78" }).signIn(email)).status).toBe(303);
    }, 30_000);

    it("throttles a client that tries many accounts", async () => {
      await addTestAccount(leads.db, "editor");
      const guesser = server.browser({ forwardedFor: "203.0.113.50" });
      for (let i = 0; i < 6; i++) expect((await guesser.signIn(`nobody${i}@example.com`, "guess guess guess")).status).toBe(401);
      expect((await guesser.signIn("editor@example.com")).status).toBe(429);
      expect((await server.browser({ forwardedFor: "203.0.113.51" }).signIn("editor@example.com")).status).toBe(303);
    }, 30_000);

    it("writes a failed sign-in to the server log on one line, whatever the e-mail holds: no forged line", async () => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      try {
        const forged = "x@evil.test\nstaff: 2026-05-01T10:00:00.000Z sign-in for admin@example.com succeeded from 1.2.3.4";
        expect((await server.browser({ forwardedFor: "198.51.100.90" }).signIn(forged, "not the password at all")).status).toBe(401);
        const logged = warn.mock.calls.map((args) => args.join(" ")).filter((line) => line.includes("x@evil.test"));
        expect(logged).toHaveLength(1);
        expect(logged[0]).not.toMatch(/[\r\n]/);
        expect(logged[0]).toMatch(/^staff: \S+ failed sign-in for "x@evil\.test\\nstaff: .* succeeded from 1\.2\.3\.4" from 198\.51\.100\.90$/);
      } finally {
        warn.mockRestore();
      }
    });

    it("refuses a sign-in form posted from another site (CSRF)", async () => {
      await addTestAccount(leads.db, "sales");
      const browser = server.browser();
      const response = await browser.post("/staff/sign-in", { email: "sales@example.com", password: testPassword }, { origin: "https://evil.example" });
      expect(response.status).toBe(403);
      expect(browser.cookies.size).toBe(0);
    });

    it("answers a body that is not a form with 400", async () => {
      const response = await server
        .browser()
        .request("/staff/sign-in", { method: "POST", body: "{}", headers: { "content-type": "application/json", origin: server.url } });
      expect(response.status).toBe(400);
    });

    it("on a database with no account, the sign-in page says how to create the first one", async () => {
      const html = await (await server.browser().request("/staff/sign-in")).text();
      expect(html).toContain("No staff account yet");
      expect(html).toContain("npm run staff:add -- --email you@example.com");
    });
  });

  group("roles", () => {
    it("sends someone not signed in to the sign-in page, and answers JSON callers 401", async () => {
      const page = await server.browser().request("/staff/accounts");
      expect(page.status).toBe(303);
      expect(page.headers.get("location")).toBe("/staff/sign-in?next=%2Fstaff%2Faccounts");
      const api = await server.browser().request("/staff/accounts", { headers: { accept: "application/json" } });
      expect(api.status).toBe(401);
      expect(await api.json()).toEqual({ error: "sign-in required" });
    });

    it.each([
      ["sales", "/staff/accounts"],
      ["hr", "/staff/audit"],
      ["editor", "/staff/accounts"],
    ] as const)("gives %s 403 on %s, with none of its data", async (role, path) => {
      await addTestAccount(leads.db, "admin");
      await addTestAccount(leads.db, role);
      const browser = server.browser();
      await browser.signIn(`${role}@example.com`);
      const response = await browser.request(path);
      expect(response.status).toBe(403);
      const html = await response.text();
      expect(html).toContain("Your account’s role does not give access to this page.");
      expect(html).not.toContain("admin@example.com");
      expect(html).not.toMatch(/<table/);
      expect(html).not.toContain(`href="${path}"`);
      const json = await browser.request(path, { headers: { accept: "application/json" } });
      expect(json.status).toBe(403);
      expect(await json.json()).toEqual({ error: "forbidden" });
    });

    it("refuses a change by a role that may not make it (403) and changes nothing", async () => {
      const browser = await signedIn("sales");
      const response = await browser.post("/staff/accounts", { name: "Mallory", email: "mallory@example.com", role: "admin", password: testPassword });
      expect(response.status).toBe(403);
      expect(
        await server
          .browser()
          .signIn("mallory@example.com")
          .then((r) => r.status),
      ).toBe(401);
    });

    it("shows each role only the links it may open", async () => {
      const browser = await signedIn("editor");
      const html = await (await browser.request("/staff")).text();
      expect(html).toContain('href="/keystatic"');
      expect(html).not.toContain('href="/staff/accounts"');
      expect(html).not.toContain('href="/staff/leads"');
    });
  });

  group("accounts (admin)", () => {
    it("invites, changes the role of, disables and re-enables an account, each recorded in the audit log", async () => {
      const admin = await signedIn("admin");

      const created = await admin.post("/staff/accounts", { name: "Rahim", email: "Rahim@Example.com", role: "hr", password: "a long initial password" });
      expect(created.status).toBe(303);
      const list = await admin.request(created.headers.get("location")!);
      const html = await list.text();
      expect(html).toContain("Account created for rahim@example.com.");
      const id = /action="\/staff\/accounts\/([^/"]+)\/role"/.exec(html)![1]!;

      const rahim = server.browser();
      expect((await rahim.signIn("rahim@example.com", "a long initial password")).status).toBe(303);

      expect((await admin.post(`/staff/accounts/${id}/role`, { role: "sales" })).status).toBe(303);
      expect(await (await admin.request("/staff/accounts")).text()).toMatch(/Rahim<\/th><td>rahim@example.com<\/td><td>Sales<\/td>/);

      expect((await admin.post(`/staff/accounts/${id}/disable`, {})).status).toBe(303);
      // Disabling signs the person out everywhere and refuses the next sign-in.
      expect((await rahim.request("/staff")).status).toBe(303);
      const refused = await server.browser().signIn("rahim@example.com", "a long initial password");
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain("This account is disabled.");

      expect((await admin.post(`/staff/accounts/${id}/enable`, {})).status).toBe(303);
      expect((await admin.post(`/staff/accounts/${id}/password`, { password: "another long password" })).status).toBe(303);
      expect((await server.browser().signIn("rahim@example.com", "another long password")).status).toBe(303);

      const actions = (await listAudit(leads.db, { action: "account." })).map((e) => `${e.actorEmail} ${e.action} ${e.target}`);
      expect(actions).toEqual([
        "admin@example.com account.password account:rahim@example.com",
        "admin@example.com account.enable account:rahim@example.com",
        "admin@example.com account.disable account:rahim@example.com",
        "admin@example.com account.role account:rahim@example.com",
        "admin@example.com account.create account:rahim@example.com",
        "system account.create account:admin@example.com",
      ]);
    }, 30_000);

    it("keeps what the administrator typed when the invitation has a problem", async () => {
      const admin = await signedIn("admin");
      const response = await admin.post("/staff/accounts", { name: "Karim", email: "karim@", role: "sales", password: "short" });
      expect(response.status).toBe(422);
      const html = await response.text();
      expect(html).toContain('value="Karim"');
      expect(html).toContain('value="karim@"');
      expect(html).toContain('<a href="#email">Enter an e-mail address such as name@example.com.</a>');
      expect(html).toContain("The new password must have at least 12 characters.");
    });

    it("refuses a password that is too long or too easy to guess, saying the limit or what would do; keeps what was typed", async () => {
      const admin = await signedIn("admin");
      const invite = (password: string) => admin.post("/staff/accounts", { name: "Karim Khan", email: "karim@example.com", role: "sales", password });

      const tooLong = await invite("x".repeat(257));
      expect(tooLong.status).toBe(422);
      const tooLongHtml = await tooLong.text();
      expect(tooLongHtml).toContain("The new password must have at most 256 characters (this one has 257).");
      expect(tooLongHtml).toContain('value="Karim Khan"');

      for (const weak of ["aaaaaaaaaaaa", " ".repeat(12), "karim@example.com", "password1234"]) {
        const refused = await invite(weak);
        expect(refused.status, JSON.stringify(weak)).toBe(422);
        const html = await refused.text();
        expect(html).toContain("The new password is too easy to guess.");
        expect(html).toContain("Four or more words that do not belong together would do");
      }
      expect(await (await invite("aaaaaaaaaaaa")).text()).toContain("Repeated characters like &quot;aaa&quot; are easy to guess.");
      expect(
        await server
          .browser()
          .signIn("karim@example.com", "aaaaaaaaaaaa")
          .then((r) => r.status),
      ).toBe(401);

      // An administrator's new password for someone else: the same rule.
      expect((await invite("tin lantern orbit saffron")).status).toBe(303);
      const list = await (await admin.request("/staff/accounts")).text();
      const id = /action="\/staff\/accounts\/([^/"]+)\/password"/.exec(list)![1]!;
      const weak = await admin.post(`/staff/accounts/${id}/password`, { password: "qwertyuiop12" });
      expect(weak.status).toBe(422);
      expect(await weak.text()).toContain("The new password is too easy to guess.");
      expect((await admin.post(`/staff/accounts/${id}/password`, { password: "y".repeat(300) })).status).toBe(422);
      expect((await server.browser().signIn("karim@example.com", "tin lantern orbit saffron")).status).toBe(303);
    }, 30_000);

    it("lets an administrator read and filter the audit log, and offers no way to change it", async () => {
      await addTestAccount(leads.db, "admin");
      await addTestAccount(leads.db, "sales");
      const admin = server.browser();
      await admin.signIn("admin@example.com");
      await server.browser().signIn("sales@example.com");
      const all = await (await admin.request("/staff/audit")).text();
      expect(all).toContain("account:sales@example.com");
      const filtered = await (await admin.request("/staff/audit?action=sign-in&q=sales")).text();
      expect(filtered).toContain("<td>sales@example.com</td><td>sign-in</td>");
      expect(filtered).not.toContain("<td>admin@example.com</td>");
      expect(all).not.toMatch(/method="post" action="\/staff\/audit/);
      expect((await admin.post("/staff/audit", {})).status).toBe(405);
    });
  });

  group("My password", () => {
    it("changes the password with the current one; the new one works, the old one no longer does", async () => {
      const sales = await signedIn("sales");
      const form = await (await sales.request("/staff/password")).text();
      expect(form).toContain("12 to 256 characters, hard to guess: four or more words that do not belong together will do.");
      const changed = await sales.post("/staff/password", { "current-password": testPassword, "new-password": "tin lantern orbit saffron" });
      expect(changed.status).toBe(303);
      expect((await server.browser().signIn("sales@example.com", "tin lantern orbit saffron")).status).toBe(303);
      expect((await server.browser().signIn("sales@example.com")).status).toBe(401);
    }, 30_000);

    it("names the limit for a password that is too long, and says what would do for one too easy to guess; the current password is blamed only when it is wrong", async () => {
      const sales = await signedIn("sales");
      const change = (current: string, next: string) => sales.post("/staff/password", { "current-password": current, "new-password": next });

      const tooLong = await change(testPassword, "x".repeat(300));
      expect(tooLong.status).toBe(422);
      const tooLongHtml = await tooLong.text();
      expect(tooLongHtml).toContain("The new password must have at most 256 characters (this one has 300).");
      expect(tooLongHtml).not.toContain("The current password is not right.");

      const spaces = await change(testPassword, " ".repeat(12));
      expect(spaces.status).toBe(422);
      expect(await spaces.text()).toContain("The new password is too easy to guess.");
      const ownName = await change(testPassword, "sales@example.com");
      expect(await ownName.text()).toContain("The new password is too easy to guess.");

      const wrongCurrent = await change("not the password at all", "tin lantern orbit saffron");
      expect(wrongCurrent.status).toBe(422);
      expect(await wrongCurrent.text()).toContain("The current password is not right.");
      // Nothing changed.
      expect((await server.browser().signIn("sales@example.com")).status).toBe(303);
    }, 30_000);
  });

  group("the content studio behind the same door", () => {
    const save = (phone: string, origin: string) => ({
      method: "POST",
      headers: { "no-cors": "1", "content-type": "application/json", origin },
      body: JSON.stringify({ additions: [{ path: "content/site.yaml", contents: Buffer.from(`phone: ${phone}\n`).toString("base64url") }], deletions: [] }),
    });
    const sitePhone = async () => readFile(join(server.contentDir, "site.yaml"), "utf8");

    it("with no account yet, lets this machine in and says how to create the first account; refuses another machine", async () => {
      const local = await server.browser().request("/keystatic");
      expect(local.status).toBe(200);
      const html = await local.text();
      expect(html).toContain("No staff account yet");
      expect(html).toContain("npm run staff:add -- --email you@example.com");
      const remote = await server.browser({ forwardedFor: "203.0.113.7" }).request("/keystatic");
      expect(remote.status).toBe(403);
    });

    it("once an account exists, sends everyone not signed in to the sign-in, this machine included; the API answers 401", async () => {
      await addTestAccount(leads.db, "editor");
      for (const browser of [server.browser(), server.browser({ forwardedFor: "203.0.113.7" })]) {
        const page = await browser.request("/keystatic/singleton/site");
        expect(page.status).toBe(303);
        expect(page.headers.get("location")).toBe("/staff/sign-in?next=%2Fkeystatic%2Fsingleton%2Fsite");
        expect((await browser.request("/api/keystatic/tree", { headers: { "no-cors": "1" } })).status).toBe(401);
        expect((await browser.request("/api/keystatic/update", save("+1 555 0100", server.url))).status).toBe(401);
      }
      expect(await sitePhone()).toBe("phone: +880 2 5555 0100\n");
    });

    it("refuses a signed-in sales account (403) and writes nothing", async () => {
      const sales = await signedIn("sales", { forwardedFor: "203.0.113.8" });
      expect(await (await sales.request("/staff")).text()).not.toContain('href="/keystatic"');
      const refused = await sales.request("/keystatic");
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain("does not give access to the content studio.");
      expect((await sales.request("/api/keystatic/update", save("+1 555 0101", server.url))).status).toBe(403);
      expect(await sitePhone()).toBe("phone: +880 2 5555 0100\n");
    });

    it("lets a signed-in editor open the studio and save, from another machine; refuses the save posted from another site", async () => {
      const editor = await signedIn("editor", { forwardedFor: "203.0.113.9" });
      const page = await editor.request("/keystatic");
      expect(page.status).toBe(200);
      expect(await page.text()).not.toContain("No staff account yet");
      expect((await editor.request("/api/keystatic/update", save("+1 555 0102", "https://evil.example"))).status).toBe(403);
      expect(await sitePhone()).toBe("phone: +880 2 5555 0100\n");
      const saved = await editor.request("/api/keystatic/update", save("+880 2 5555 0177", server.url));
      expect(saved.status).toBe(200);
      expect(await sitePhone()).toBe("phone: +880 2 5555 0177\n");
    });
  });

  it("lets an administrator delete a lead on request (audited); any other role gets 403 and the lead stays", async () => {
    const [lead] = await leads.db
      .insert(leadsTable)
      .values({ form: "contact", fields: { name: "Karim" }, eml: Buffer.from("x") })
      .returning({ id: leadsTable.id });
    await addTestAccount(leads.db, "admin");
    const sales = await signedIn("sales");
    expect((await sales.post(`/staff/leads/${lead!.id}/delete`, {})).status).toBe(403);
    expect(await leads.db.select().from(leadsTable)).toHaveLength(1);
    const admin = server.browser();
    await admin.signIn("admin@example.com");
    const deleted = await admin.post(`/staff/leads/${lead!.id}/delete`, {});
    expect(deleted.status).toBe(303);
    expect(await leads.db.select().from(leadsTable)).toHaveLength(0);
    expect((await listAudit(leads.db, { action: "lead.delete" }))[0]).toMatchObject({ actorEmail: "admin@example.com", target: `lead:${lead!.id}` });
    expect((await admin.post(`/staff/leads/${lead!.id}/delete`, {})).status).toBe(404);
  });

  onBothDrivers("keeps the audit log append-only in the database itself", async () => {
    await addTestAccount(leads.db, "admin");
    await expect(leads.db.execute(sql`update staff_audit set actor_email = 'someone-else'`)).rejects.toThrow();
    await expect(leads.db.execute(sql`delete from staff_audit`)).rejects.toThrow();
    expect((await listAudit(leads.db))[0]?.actorEmail).toBe("system");
  });
});
