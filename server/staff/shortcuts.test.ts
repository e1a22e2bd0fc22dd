import { eq } from "drizzle-orm";
import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import { inlineHashes } from "../platform/security-headers";
import { insertLead } from "../../test-support/leads";
import { staffSuite } from "../../test-support/staff-suite";
import type { TestBrowser } from "../../test-support/staff";
import { listAudit } from "./audit";
import { mountInbox } from "./inbox/routes";
import { staffUsers } from "./schema";
import { shortcutsOn } from "./shortcuts";
import { shortcutsScript, shortcutsScriptHash } from "./ui";

// The desk's keyboard shortcuts (decision 0154) through the real desk: the help page, each member's
// choice of single-key shortcuts (CSRF, audit), the CSP that allows the one script by its hash only
// while they are on, and the access keys and Previous / Next links of a lead's page.

const text = (node: { textContent: string | null } | null | undefined) => (node?.textContent ?? "").replace(/\s+/g, " ").trim();

type Found = {
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  closest(selector: string): Found | null;
  textContent: string | null;
};

function read(html: string) {
  const { document } = new Window();
  document.write(html);
  const all = (selector: string) => [...document.querySelectorAll(selector)] as unknown as Found[];
  return {
    link: (name: string) => all("a").find((a) => text(a) === name) ?? null,
    button: (name: string) => all("button").find((b) => text(b) === name) ?? null,
    field: (label: string) => {
      const found = all("label").find((l) => text(l) === label);
      return (found ? document.getElementById(found.getAttribute("for") ?? "") : null) as unknown as Found | null;
    },
    /** The rows of the table with this caption, each as its cells' texts. */
    table: (caption: string) => {
      const table = all("table").find((t) => text((t as unknown as Element).querySelector("caption")) === caption) as unknown as Element | undefined;
      return table ? [...table.querySelectorAll("tbody tr")].map((row) => [...row.querySelectorAll("th, td")].map(text)) : [];
    },
    /** The row links of the inbox's list. */
    rowLinks: () => all("tbody a[href^='/staff/leads/']").map((a) => a.getAttribute("href")),
    scripts: all("script").length,
    body: text(document.body),
  };
}

/** The CSP's `script-src` sources. */
const scriptSources = (response: Response) =>
  (response.headers.get("content-security-policy") ?? "")
    .split(";")
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === "script-src")
    ?.slice(1);

describe("keyboard shortcuts on the desk", () => {
  const { leads, server, signedIn } = staffSuite("PGlite", { desk: { routes: [mountInbox], mailFrom: "SSL website <website@ssl.example>" } });
  const idOf = async (email: string) => (await leads.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email)))[0]!.id;

  it("lists every shortcut with its single key and access key and how each browser triggers access keys, linked from every desk page", async () => {
    const editor = await signedIn("editor");
    const home = read(await (await editor.request("/staff")).text());
    const help = home.link("Keyboard shortcuts");
    expect(help?.getAttribute("href")).toBe("/staff/shortcuts");
    expect(help?.getAttribute("accesskey")).toBe("h");

    const response = await editor.request("/staff/shortcuts");
    expect(response.status).toBe(200);
    const page = read(await response.text());
    expect(page.table("The staff desk's shortcuts").map(([single, access, does]) => [single, access, does!.split(" (")[0]!.split(";")[0]])).toEqual([
      ["j", "J", "Open the next lead"],
      ["k", "K", "Open the previous lead"],
      ["r", "R", "Go to the reply box"],
      ["a", "A", "Assign the lead to me"],
      ["n", "N", "Go to the note box"],
      ["?", "H", "Open this page"],
      ["g then i", "I", "Open the inbox"],
    ]);
    expect(page.table("Access keys in each browser")).toEqual([
      ["Chrome or Edge on Windows or Linux", "Alt + the letter (Alt + Shift + the letter where Alt alone opens a menu)"],
      ["Firefox on Windows or Linux", "Alt + Shift + the letter"],
      ["Any browser on a Mac (Safari, Chrome, Firefox, Edge)", "Control + Option + the letter"],
    ]);
    // Nobody signed in: no footer link, no script.
    const signIn = read(await (await server.browser().request("/staff/sign-in")).text());
    expect(signIn.link("Keyboard shortcuts")).toBeNull();
    expect(signIn.scripts).toBe(0);
  });

  it("gives a member the single-key script, allowed by exactly its hash, until they turn it off for their account: then no script and script-src 'none'", async () => {
    const sales = await signedIn("sales");
    const admin = await signedIn("admin");
    const on = await sales.request("/staff/leads");
    const onHtml = await on.text();
    // The page's one inline script is the one the CSP names, hashed from what the page carries.
    expect(inlineHashes(onHtml).scripts).toEqual([shortcutsScriptHash]);
    expect(scriptSources(on)).toEqual([`'${shortcutsScriptHash}'`]);
    // Small enough to read in one go (decision 0154).
    expect(Buffer.byteLength(shortcutsScript)).toBeLessThan(2048);
    expect(
      read(await (await sales.request("/staff/shortcuts")).text())
        .field("On: the single keys above work when you are not typing in a field")
        ?.hasAttribute("checked"),
    ).toBe(true);

    const off = await sales.post("/staff/shortcuts", { shortcuts: "off" });
    expect(off.status).toBe(303);
    expect(off.headers.get("location")).toBe("/staff/shortcuts?saved=off");
    const after = await sales.request("/staff/shortcuts?saved=off");
    expect(scriptSources(after)).toEqual(["'none'"]);
    const page = read(await after.text());
    expect(page.body).toContain("Single-key shortcuts are off.");
    expect(page.field("Off: only the access keys work (the desk's pages then run no script)")?.hasAttribute("checked")).toBe(true);
    expect(page.scripts).toBe(0);
    const inbox = await sales.request("/staff/leads");
    expect(scriptSources(inbox)).toEqual(["'none'"]);
    expect(inlineHashes(await inbox.text()).scripts).toEqual([]);
    // The access keys stay: the inbox's link in the header.
    expect(
      read(await (await sales.request("/staff")).text())
        .link("Inbox")
        ?.getAttribute("accesskey"),
    ).toBe("i");
    // Per account: the administrator's stay on.
    expect(scriptSources(await admin.request("/staff"))).toEqual([`'${shortcutsScriptHash}'`]);

    const [entry] = await listAudit(leads.db, { action: "settings.shortcuts" });
    expect(entry).toMatchObject({ actorEmail: "sales@example.com", action: "settings.shortcuts", detail: { shortcuts: "off" } });

    expect((await sales.post("/staff/shortcuts", { shortcuts: "on" })).headers.get("location")).toBe("/staff/shortcuts?saved=on");
    expect(scriptSources(await sales.request("/staff"))).toEqual([`'${shortcutsScriptHash}'`]);
  });

  it("refuses a cross-site post (403) and a post without on or off (400, the reason at the field), changing nothing", async () => {
    const sales = await signedIn("sales");
    const forged = await sales.post("/staff/shortcuts", { shortcuts: "off" }, { origin: "https://evil.example" });
    expect(forged.status).toBe(403);
    const unclear = await sales.post("/staff/shortcuts", { shortcuts: "sometimes" });
    expect(unclear.status).toBe(400);
    const page = read(await unclear.text());
    expect(page.link("Choose on or off.")?.getAttribute("href")).toBe("#shortcuts-on");
    expect(page.body).toMatch(/Single-key shortcuts for your account.*Choose on or off\./);
    expect(await shortcutsOn(leads.db, await idOf("sales@example.com"))).toBe(true);
    expect(await listAudit(leads.db, { action: "settings.shortcuts" })).toEqual([]);
  });

  describe("a lead's page", () => {
    const at = (hour: number) => new Date(`2026-03-0${1 + Math.floor(hour / 24)}T${String(hour % 24).padStart(2, "0")}:00:00Z`);
    /** Oldest first: a quote, a contact, an application, a quote, a contact, an application. */
    async function seed() {
      const quote = (name: string, hour: number) =>
        insertLead(leads.db, {
          form: "quote",
          fields: {
            name,
            email: `${name.toLowerCase()}@buyer.test`,
            products: [{ product: "men/hoodie", quantity: 900, colours: 1, sizes: "M", targetPrice: "", currency: "USD", notes: "" }],
          },
          receivedAt: at(hour),
        });
      const contact = (name: string, hour: number) =>
        insertLead(leads.db, { form: "contact", fields: { name, email: `${name.toLowerCase()}@buyer.test`, message: "Hello" }, receivedAt: at(hour) });
      const career = (name: string, hour: number) =>
        insertLead(leads.db, { form: "career", fields: { name, email: `${name.toLowerCase()}@mail.test`, position: "Merchandiser" }, receivedAt: at(hour) });
      return {
        q1: await quote("Quinn", 1),
        c2: await contact("Cora", 2),
        a3: await career("Abel", 3),
        q4: await quote("Quade", 4),
        c5: await contact("Cleo", 5),
        a6: await career("Ada", 6),
      };
    }
    const lead = async (browser: TestBrowser, path: string) => read(await (await browser.request(path)).text());

    it("has access keys: j the next lead and k the previous one in arrival order, r the reply, a Assign to me, n the note; none past either end", async () => {
      const { q1, c2, q4, c5 } = await seed();
      const sales = await signedIn("sales");
      const page = await lead(sales, `/staff/leads/${c2}`);
      // The inbox lists newest first: the next lead is the older one below it, the previous the newer one above.
      expect(page.link("Next lead")?.getAttribute("href")).toBe(`/staff/leads/${q1}`);
      expect(page.link("Next lead")?.getAttribute("accesskey")).toBe("j");
      expect(page.link("Previous lead")?.getAttribute("href")).toBe(`/staff/leads/${q4}`);
      expect(page.link("Previous lead")?.getAttribute("accesskey")).toBe("k");
      expect(page.field("Your reply")?.getAttribute("accesskey")).toBe("r");
      expect(page.field("New internal note (staff only)")?.getAttribute("accesskey")).toBe("n");
      const assign = page.button("Assign to me");
      expect(assign?.getAttribute("accesskey")).toBe("a");
      expect(assign?.closest("form")?.getAttribute("method")).toBe("post");
      expect(assign?.closest("form")?.getAttribute("action")).toBe(`/staff/leads/${c2}/assign`);

      const oldest = await lead(sales, `/staff/leads/${q1}`);
      expect(oldest.link("Next lead")).toBeNull();
      expect(oldest.link("Previous lead")?.getAttribute("href")).toBe(`/staff/leads/${c2}`);
      const newest = await lead(sales, `/staff/leads/${c5}`);
      expect(newest.link("Previous lead")).toBeNull();
      expect(newest.link("Next lead")?.getAttribute("href")).toBe(`/staff/leads/${q4}`);
    });

    it("Assign to me posts the assignment (303); once the lead is theirs the button is gone", async () => {
      const { c2 } = await seed();
      const sales = await signedIn("sales");
      const assigned = await sales.post(`/staff/leads/${c2}/assign`, { assignee: await idOf("sales@example.com") });
      expect(assigned.status).toBe(303);
      const page = await lead(sales, `/staff/leads/${c2}`);
      expect(page.button("Assign to me")).toBeNull();
      expect(page.body).toContain("Sales Person");
    });

    it("follows the list it was opened from: its filter goes into the row links, on to Previous, Next, Back to the inbox and the page's forms, and their 303 back", async () => {
      const { q1, q4 } = await seed();
      const sales = await signedIn("sales");
      const list = await lead(sales, "/staff/leads?type=quote");
      expect(list.rowLinks()).toEqual([`/staff/leads/${q4}?type=quote`, `/staff/leads/${q1}?type=quote`]);
      const page = await lead(sales, `/staff/leads/${q4}?type=quote`);
      expect(page.link("Next lead")?.getAttribute("href")).toBe(`/staff/leads/${q1}?type=quote`);
      expect(page.link("Previous lead")).toBeNull();
      expect(page.link("Back to the inbox")?.getAttribute("href")).toBe("/staff/leads?type=quote");
      // A change on its page comes back to it in the same list: Previous and Next still follow it.
      const assign = page.button("Assign to me")?.closest("form");
      expect(assign?.getAttribute("action")).toBe(`/staff/leads/${q4}/assign?type=quote`);
      const assigned = await sales.post(assign!.getAttribute("action")!, { assignee: await idOf("sales@example.com") });
      expect(assigned.headers.get("location")).toBe(`/staff/leads/${q4}?type=quote`);
      const note = await sales.post(`/staff/leads/${q4}/notes?type=quote&q=%00`, { note: "Samples by Friday." });
      expect(note.headers.get("location")).toBe(`/staff/leads/${q4}?type=quote`);
    });

    it("leads a role only to leads it may see: hr from application to application, past the quotes and contacts between", async () => {
      const { a3, a6 } = await seed();
      const hr = await signedIn("hr");
      const newest = await lead(hr, `/staff/leads/${a6}`);
      expect(newest.link("Next lead")?.getAttribute("href")).toBe(`/staff/leads/${a3}`);
      expect(newest.link("Previous lead")).toBeNull();
      expect((await lead(hr, `/staff/leads/${a3}`)).link("Next lead")).toBeNull();
      // A filter for a type it may not see leads nowhere.
      const asked = await lead(hr, `/staff/leads/${a6}?type=quote`);
      expect(asked.link("Next lead")).toBeNull();
      expect(asked.link("Previous lead")).toBeNull();
    });
  });
});
