import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rows } from "../../db/db";
import { drivers, testDatabasePerFile } from "../../../test-support/databases";
import { parseFilter } from "./filter";
import {
  addNote,
  assignLead,
  assignLeads,
  changeStatus,
  changeStatuses,
  countNew,
  getLead,
  leadsForBulk,
  listLeads,
  listWaiting,
  markLeads,
  markRead,
} from "../../leads/inbox";
import { WaitingView } from "./conversation-views";
import { quoteProductsLine, quoteProductsText } from "../../leads/lead-record";
import { leadTypesFor } from "../roles";
import { exportCsv } from "./csv-export";
import { insertLead, staff } from "../../../test-support/leads";

const day = (iso: string) => new Date(iso);
/** A quote's product as the quote form stores it (numbers as numbers). */
const denimJackets = { product: "men/denim-jacket", quantity: 5000, colours: 2, sizes: "M-XL", targetPrice: "", currency: "USD", notes: "" };

async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let out = "";
  for await (const chunk of chunks) out += chunk;
  return out;
}

describe.each(drivers)("inbox queries on %s", (driver) => {
  const handle = testDatabasePerFile(driver);

  async function seed() {
    const db = handle.db;
    const contact = await insertLead(db, {
      form: "contact",
      fields: { name: "Jane Roe", email: "jane@acme-buying.com", subject: "Knitwear for spring", message: "We need 2,000 merino cardigans by March." },
      receivedAt: day("2026-03-01T10:00:00Z"),
    });
    const quote = await insertLead(db, {
      form: "quote",
      fields: {
        name: "Li Wei",
        email: "li@harbourtrade.cn",
        company: "Harbour Trading Co",
        country: "CN",
        products: [denimJackets],
        message: "Price for 5,000 pieces?",
      },
      receivedAt: day("2026-03-02T10:00:00Z"),
    });
    const career = await insertLead(db, {
      form: "career",
      fields: { name: "Rahim Uddin", email: "rahim@mail.test", phone: "+8801", position: "Merchandiser", coverLetter: "Five years in woven garments." },
      receivedAt: day("2026-03-03T10:00:00Z"),
    });
    return { contact, quote, career };
  }

  it("lists newest first, only the types the role may see, and counts only those", async () => {
    const { contact, quote, career } = await seed();
    const admin = await listLeads(handle.db, { types: leadTypesFor("admin"), staffId: staff.admin.id, filter: {} });
    expect(admin.leads.map((l) => l.id)).toEqual([career, quote, contact]);
    expect(admin.total).toBe(3);

    const sales = await listLeads(handle.db, { types: leadTypesFor("sales"), staffId: staff.sales.id, filter: {} });
    expect(sales.leads.map((l) => l.id)).toEqual([quote, contact]);
    expect(sales.total).toBe(2);
    // Asking for the career type explicitly shows nothing either.
    expect((await listLeads(handle.db, { types: leadTypesFor("sales"), staffId: staff.sales.id, filter: { type: "career" } })).total).toBe(0);
    // Nor can a search find it.
    expect((await listLeads(handle.db, { types: leadTypesFor("sales"), staffId: staff.sales.id, filter: { q: "Merchandiser" } })).total).toBe(0);

    expect(await countNew(handle.db, leadTypesFor("sales"))).toEqual({ total: 2, byType: { contact: 1, quote: 1 } });
    expect(await countNew(handle.db, leadTypesFor("hr"))).toEqual({ total: 1, byType: { career: 1 } });
    expect(await countNew(handle.db, leadTypesFor("editor"))).toEqual({ total: 0, byType: {} });
    expect((await listLeads(handle.db, { types: leadTypesFor("editor"), staffId: staff.editor.id, filter: {} })).total).toBe(0);
  });

  it("shows the list's columns: from, company, country, subject or products, unread until opened", async () => {
    const { quote } = await seed();
    const before = await listLeads(handle.db, { types: leadTypesFor("sales"), staffId: staff.sales.id, filter: { type: "quote" } });
    expect(before.leads[0]).toMatchObject({
      id: quote,
      type: "quote",
      status: "new",
      name: "Li Wei",
      company: "Harbour Trading Co",
      country: "CN",
      topic: "men/denim-jacket × 5,000",
      unread: true,
    });
    await markRead(handle.db, quote, staff.sales.id);
    await markRead(handle.db, quote, staff.sales.id);
    const after = await listLeads(handle.db, { types: leadTypesFor("sales"), staffId: staff.sales.id, filter: { type: "quote" } });
    expect(after.leads[0]?.unread).toBe(false);
    // Read for one member of staff, still unread for another.
    const other = await listLeads(handle.db, { types: leadTypesFor("admin"), staffId: staff.admin.id, filter: { type: "quote" } });
    expect(other.leads[0]?.unread).toBe(true);
  });

  it("searches names, e-mails, companies, subjects and message text by word prefixes", async () => {
    const { contact, quote, career } = await seed();
    const search = async (q: string) =>
      (await listLeads(handle.db, { types: leadTypesFor("admin"), staffId: staff.admin.id, filter: { q } })).leads.map((l) => l.id);
    expect(await search("Harbour Trading")).toEqual([quote]);
    expect(await search("harb")).toEqual([quote]);
    expect(await search("merino cardigans")).toEqual([contact]);
    expect(await search("woven")).toEqual([career]);
    expect(await search("jane@acme-buying.com")).toEqual([contact]);
    expect(await search("acme")).toEqual([contact]);
    expect(await search("knitwear")).toEqual([contact]);
    expect(await search("merino denim")).toEqual([]);
    // Punctuation only, quotes and backslashes are words or nothing, never a database error.
    expect(await search("'\\:*&|!()")).toEqual([]);
    expect(await search("o'brien")).toEqual([]);
  });

  it("knows a quote by the reference its buyer was given, lists its products on one line, and finds a lead by its reference", async () => {
    const { contact } = await seed();
    const products = [
      { product: "men/hoodie", quantity: 1500, colours: 3, sizes: "S-XL", targetPrice: "4.50", currency: "USD", notes: "" },
      { product: "men/jacket", quantity: 500, colours: 1, sizes: "M", targetPrice: "", currency: "USD", notes: "padded" },
    ];
    const quote = await insertLead(handle.db, {
      form: "quote",
      fields: { name: "Anna Berg", email: "anna@nordic.example", company: "Nordic Retail AB", country: "SE", products },
      reference: "Q-2026-00007",
    });
    const search = async (q: string) => (await listLeads(handle.db, { types: leadTypesFor("sales"), staffId: staff.sales.id, filter: { q } })).leads;
    expect(await search("q-2026-00007")).toMatchObject([{ id: quote, reference: "Q-2026-00007", topic: "men/hoodie × 1,500; men/jacket × 500" }]);
    // Every lead has a reference of its type; the former SSL-{id} still finds it.
    const contactReference = (await listLeads(handle.db, { types: leadTypesFor("sales"), staffId: staff.sales.id, filter: {} })).leads.find(
      (l) => l.id === contact,
    )!.reference;
    expect(contactReference).toMatch(/^C-\d{4}-\d{5}$/);
    expect(await search(` ${contactReference.toLowerCase()} `)).toMatchObject([{ id: contact, reference: contactReference }]);
    expect(await search(`[${contactReference}]`)).toMatchObject([{ id: contact }]);
    expect(await search(` SSL-${contact} `)).toMatchObject([{ id: contact, reference: contactReference }]);
    expect(await search("Q-2026-99999")).toEqual([]);
    const lead = await getLead(handle.db, leadTypesFor("sales"), quote);
    expect(lead.ok && lead.value.reference).toBe("Q-2026-00007");
    expect(quoteProductsText(products)).toBe(
      "1. men/hoodie: 1,500 pieces in 3 colour(s), sizes S-XL, target 4.50 USD per piece\n2. men/jacket: 500 pieces in 1 colour(s), sizes M, notes: padded",
    );
    const csv = await collect(exportCsv(handle.db, { types: leadTypesFor("sales"), filter: { q: "Q-2026-00007" }, assigneeName: (id) => id }));
    expect(csv).toContain('"Q-2026-00007","quote","new",');
    expect(csv).toContain('"men/hoodie × 1,500; men/jacket × 500"');
  });

  it("names a quote's products as the site showed them, with their specification and terms, where the request stored them", async () => {
    const products = [
      {
        product: "men/tshirt",
        quantity: 900,
        colours: 3,
        sizes: "S-XL",
        targetPrice: "",
        currency: "USD",
        notes: "",
        label: "Men T-Shirt",
        summary: "Construction: Jersey; Composition: 100% cotton",
        terms: "Minimum order: 300 pieces per colour; Lead time: 45–75 days",
      },
      denimJackets,
    ];
    const quote = await insertLead(handle.db, {
      form: "quote",
      fields: { name: "Anna Berg", email: "anna@nordic.example", company: "Nordic Retail AB", country: "SE", products },
      reference: "Q-2026-00047",
    });
    const [listed] = (await listLeads(handle.db, { types: leadTypesFor("sales"), staffId: staff.sales.id, filter: { q: "Q-2026-00047" } })).leads;
    expect(listed).toMatchObject({ id: quote, topic: "Men T-Shirt × 900; men/denim-jacket × 5,000" });
    expect(quoteProductsLine(products)).toBe("Men T-Shirt × 900; men/denim-jacket × 5,000");
    expect(quoteProductsText(products)).toBe(
      "1. Men T-Shirt (men/tshirt): 900 pieces in 3 colour(s), sizes S-XL\n   Construction: Jersey; Composition: 100% cotton\n   Minimum order: 300 pieces per colour; Lead time: 45–75 days\n2. men/denim-jacket: 5,000 pieces in 2 colour(s), sizes M-XL",
    );
  });

  it("filters by type, status, assignee and an inclusive date range (UTC days)", async () => {
    const { contact, quote, career } = await seed();
    await assignLead(handle.db, { types: leadTypesFor("admin"), actor: staff.admin, leadId: quote, assigneeId: staff.sales.id });
    await changeStatus(handle.db, { types: leadTypesFor("admin"), actor: staff.admin, leadId: contact, from: "new", to: "in_progress" });
    const ids = async (query: string) => {
      const { filter, problems } = parseFilter(new URLSearchParams(query));
      expect(problems).toEqual([]);
      return (await listLeads(handle.db, { types: leadTypesFor("admin"), staffId: staff.admin.id, filter })).leads.map((l) => l.id);
    };
    expect(await ids("type=career")).toEqual([career]);
    expect(await ids("status=in_progress")).toEqual([contact]);
    expect(await ids(`assignee=${staff.sales.id}`)).toEqual([quote]);
    expect(await ids("assignee=none")).toEqual([career, contact]);
    expect(await ids("from=2026-03-02&to=2026-03-02")).toEqual([quote]);
    expect(await ids("from=2026-03-02")).toEqual([career, quote]);
    expect(await ids("to=2026-03-01")).toEqual([contact]);
  });

  it("filters the trial orders: quote requests with a product below its usual minimum, flagged in the list", async () => {
    const { contact, quote } = await seed();
    const trial = await insertLead(handle.db, {
      form: "quote",
      fields: {
        name: "Maria Lopez",
        company: "Tienda Pequeña SL",
        country: "ES",
        products: [{ ...denimJackets, quantity: 300, colours: 1, minimum: 500, belowMinimum: true }],
      },
      receivedAt: day("2026-03-04T10:00:00Z"),
    });
    const { filter, problems } = parseFilter(new URLSearchParams("minimum=below"));
    expect(problems).toEqual([]);
    const trials = await listLeads(handle.db, { types: leadTypesFor("sales"), staffId: staff.sales.id, filter });
    expect(trials.leads.map((l) => [l.id, l.belowMinimum])).toEqual([[trial, true]]);
    expect(trials.total).toBe(1);
    // With the other filters and a search.
    const searched = { ...filter, type: "quote" as const, status: "new" as const, q: "pequeña" };
    expect((await listLeads(handle.db, { types: leadTypesFor("sales"), staffId: staff.sales.id, filter: searched })).leads.map((l) => l.id)).toEqual([trial]);
    expect((await listLeads(handle.db, { types: leadTypesFor("sales"), staffId: staff.sales.id, filter: { ...filter, q: "harbour" } })).total).toBe(0);
    // Unfiltered, each lead says whether it is one.
    const all = await listLeads(handle.db, { types: leadTypesFor("sales"), staffId: staff.sales.id, filter: {} });
    expect(all.leads.map((l) => [l.id, l.belowMinimum])).toEqual([
      [trial, true],
      [quote, false],
      [contact, false],
    ]);
    const page = await getLead(handle.db, leadTypesFor("sales"), trial);
    expect(page.ok && page.value.belowMinimum).toBe(true);
    const other = await getLead(handle.db, leadTypesFor("sales"), quote);
    expect(other.ok && other.value.belowMinimum).toBe(false);
    // The export takes the same filter.
    const csv = await collect(exportCsv(handle.db, { types: leadTypesFor("sales"), filter, assigneeName: (id) => id }));
    expect(csv).toContain("Maria Lopez");
    expect(csv).not.toMatch(/Li Wei|Jane Roe/);
  });

  it("reads bad filter values as reasons, never as a query", () => {
    const { filter, problems } = parseFilter(new URLSearchParams("type=spam&status=done&from=2026-02-30&to=yesterday&q=%20knit%20&minimum=small"));
    expect(filter).toEqual({ q: "knit" });
    expect(problems).toEqual([
      'Type "spam" is not a lead type.',
      'Status "done" is not a status.',
      'From date "2026-02-30" is not a date (YYYY-MM-DD).',
      'To date "yesterday" is not a date (YYYY-MM-DD).',
      'Order size "small" is not an order size.',
    ]);
  });

  it("pages 50 at a time with the total", async () => {
    for (let i = 0; i < 120; i++)
      await insertLead(handle.db, {
        form: "contact",
        fields: { name: `N${i}`, email: "a@b.c", message: "m" },
        receivedAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      });
    const page3 = await listLeads(handle.db, { types: leadTypesFor("sales"), staffId: staff.sales.id, filter: {}, page: 3 });
    expect(page3).toMatchObject({ total: 120, pages: 3, page: 3 });
    expect(page3.leads.map((l) => l.name)).toEqual(Array.from({ length: 20 }, (_, i) => `N${19 - i}`));
  });

  it("pages a list counted by estimate by keyset: Next from each page's last lead reaches the last page, Previous and Last page read from the other end", async () => {
    for (let i = 0; i < 120; i++)
      await insertLead(handle.db, {
        form: "contact",
        fields: { name: `N${i}`, email: "a@b.c", message: i % 3 === 0 ? "bulk order" : "m" },
        receivedAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      });
    // Two leads at the same moment: the id keeps their order from page to page.
    await insertLead(handle.db, { form: "contact", fields: { name: "Twin", email: "t@b.c", message: "m" }, receivedAt: new Date(Date.UTC(2026, 0, 1, 0, 70)) });
    const newestFirst = [...Array.from({ length: 120 }, (_, i) => `N${119 - i}`)];
    newestFirst.splice(newestFirst.indexOf("N70"), 0, "Twin");
    const base = { types: leadTypesFor("sales"), staffId: staff.sales.id, filter: {}, exactUpTo: { filter: 40, search: 10 } };

    const page1 = await listLeads(handle.db, base);
    expect(page1).toMatchObject({ estimated: true, page: 1, hasPrevious: false, hasNext: true });
    expect(page1.total).toBeGreaterThan(40);
    const names = page1.leads.map((l) => l.name);
    let current = page1;
    while (current.hasNext) {
      current = await listLeads(handle.db, { ...base, page: current.page + 1, after: current.leads.at(-1)!.id });
      names.push(...current.leads.map((l) => l.name));
    }
    expect(names).toEqual(newestFirst);
    expect(current).toMatchObject({ page: 3, pages: 3, hasNext: false, hasPrevious: true });

    const back = await listLeads(handle.db, { ...base, page: 2, before: current.leads[0]!.id });
    expect(back.leads.map((l) => l.name)).toEqual(newestFirst.slice(50, 100));
    expect(back).toMatchObject({ page: 2, hasPrevious: true, hasNext: true });
    // Previous from page 2 lands on the first page, however many leads came in meanwhile.
    expect((await listLeads(handle.db, { ...base, page: 1, before: back.leads[0]!.id })).leads.map((l) => l.name)).toEqual(newestFirst.slice(0, 50));
    const last = await listLeads(handle.db, { ...base, last: true });
    expect(last.leads.map((l) => l.name)).toEqual(newestFirst.slice(-50));
    expect(last).toMatchObject({ hasNext: false, hasPrevious: true });
    // A lead of a type the role may not see is no cursor: the list starts from its newest end.
    const career = await insertLead(handle.db, {
      form: "career",
      fields: { name: "Hidden", email: "h@b.c", position: "QC", coverLetter: "x" },
      receivedAt: new Date(Date.UTC(2026, 0, 1, 0, 30)),
    });
    expect((await listLeads(handle.db, { ...base, page: 2, after: career })).leads.map((l) => l.name)).toEqual(newestFirst.slice(50, 100));

    // A search with more matches than it counts exactly pages the same way.
    const bulk = newestFirst.filter((name) => name !== "Twin" && Number(name.slice(1)) % 3 === 0);
    const search = { ...base, filter: { q: "bulk" } };
    const first = await listLeads(handle.db, { ...search, size: 25 });
    expect(first).toMatchObject({ estimated: true, hasNext: true });
    const second = await listLeads(handle.db, { ...search, size: 25, page: 2, after: first.leads.at(-1)!.id });
    expect([...first.leads, ...second.leads].map((l) => l.name)).toEqual(bulk);
    expect(second.hasNext).toBe(false);
  });

  it("reads a search's pages the same whether it walks the newest leads or takes every match from the search index, with many matches and with few (decision 0131)", async () => {
    for (let i = 0; i < 45; i++) {
      const message = `${i % 3 === 0 ? "bulk order" : "m"}${[5, 20, 38].includes(i) ? " rare" : ""}`;
      await insertLead(handle.db, { form: "contact", fields: { name: `N${i}`, email: "a@b.c", message }, receivedAt: new Date(Date.UTC(2026, 0, 1, 0, i)) });
    }
    // A match at the same moment as another (the id keeps their order), and one the sales role may not see.
    await insertLead(handle.db, {
      form: "contact",
      fields: { name: "Twin", email: "t@b.c", message: "bulk rare" },
      receivedAt: new Date(Date.UTC(2026, 0, 1, 0, 21)),
    });
    await insertLead(handle.db, {
      form: "career",
      fields: { name: "Hidden", email: "h@b.c", position: "QC", coverLetter: "bulk rare" },
      receivedAt: new Date(Date.UTC(2026, 0, 1, 0, 30)),
    });
    const newestFirst = (match: (i: number) => boolean) => [
      ...Array.from({ length: 23 }, (_, i) => 44 - i)
        .filter(match)
        .map((i) => `N${i}`),
      "Twin",
      ...Array.from({ length: 22 }, (_, i) => 21 - i)
        .filter(match)
        .map((i) => `N${i}`),
    ];
    const bulk = newestFirst((i) => i % 3 === 0);
    const rare = newestFirst((i) => [5, 20, 38].includes(i));

    /** What staff see on every page they reach: 1, Next to the end, Previous back from there, Last page, page 2 by number. */
    async function pagesOf(q: string, searchWalk: number | undefined) {
      const base = { types: leadTypesFor("sales"), staffId: staff.sales.id, filter: { q }, size: 4, exactUpTo: { filter: 40, search: 10 }, searchWalk };
      const seen = (list: Awaited<ReturnType<typeof listLeads>>) => ({ ...list, leads: list.leads.map((l) => l.name) });
      const forward = [await listLeads(handle.db, base)];
      while (forward.at(-1)!.hasNext) {
        const current = forward.at(-1)!;
        forward.push(await listLeads(handle.db, { ...base, page: current.page + 1, after: current.leads.at(-1)!.id }));
      }
      const back = [];
      for (let current = forward.at(-1)!; current.hasPrevious; back.push(current)) {
        current = await listLeads(handle.db, { ...base, page: current.page - 1, before: current.leads[0]!.id });
      }
      const last = await listLeads(handle.db, { ...base, last: true });
      const second = await listLeads(handle.db, { ...base, page: 2 });
      return { forward: forward.map(seen), back: back.map(seen), last: seen(last), second: seen(second) };
    }

    const walked = { many: await pagesOf("bulk", 1_000), few: await pagesOf("rare", 1_000) };
    expect(walked.many.forward.flatMap((p) => p.leads)).toEqual(bulk);
    expect(walked.many.forward[0]).toMatchObject({ estimated: true, page: 1, hasPrevious: false, hasNext: true });
    expect(walked.many.forward.at(-1)).toMatchObject({ page: 4, pages: 4, hasNext: false });
    expect(walked.many.back.map((p) => p.leads)).toEqual([8, 4, 0].map((start) => bulk.slice(start, start + 4)));
    expect(walked.many.last.leads).toEqual(bulk.slice(-4));
    expect(walked.many.second.leads).toEqual(bulk.slice(4, 8));
    expect(walked.few.forward.map((p) => p.leads)).toEqual([rare]);
    expect(walked.few.forward[0]).toMatchObject({ estimated: false, total: 4, pages: 1, hasNext: false, hasPrevious: false });
    expect(walked.few).toMatchObject({ back: [], last: { leads: rare }, second: { page: 1, leads: rare } });
    // The same lists, counts and pagers whichever way each page is read: a walk of 1,000 rows fills
    // the pages of "bulk" ("rare" has too few matches: the search index); one of 25 fills them in its
    // second stretch (its first, 5 rows, finds a match: a page of 4 + 1 within 25 rows by that rate); one of 2 never fills a page; none
    // is the search index each time; and as the planner's estimates say.
    for (const searchWalk of [25, 2, 0, undefined]) expect({ many: await pagesOf("bulk", searchWalk), few: await pagesOf("rare", searchWalk) }).toEqual(walked);
  }, 30_000);

  it("counts exactly up to the limit and reads every page by number within reach of one end", async () => {
    for (let i = 0; i < 120; i++)
      await insertLead(handle.db, {
        form: "contact",
        fields: { name: `N${i}`, email: "a@b.c", message: "m" },
        receivedAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      });
    const base = { types: leadTypesFor("sales"), staffId: staff.sales.id, filter: {}, exactUpTo: { filter: 120, search: 10 } };
    const middle = await listLeads(handle.db, { ...base, page: 2 });
    expect(middle).toMatchObject({ estimated: false, total: 120, pages: 3, page: 2, hasNext: true, hasPrevious: true });
    expect(middle.leads.map((l) => l.name)).toEqual(Array.from({ length: 50 }, (_, i) => `N${69 - i}`));
    expect((await listLeads(handle.db, { ...base, last: true })).leads.map((l) => l.name)).toEqual(Array.from({ length: 20 }, (_, i) => `N${19 - i}`));
    expect(await listLeads(handle.db, { ...base, exactUpTo: { filter: 119, search: 10 } })).toMatchObject({ estimated: true });
  });

  it('counts the leads waiting for us exactly up to the limit, then by estimate, which the page calls "about"', async () => {
    const { contact, quote, career } = await seed();
    await handle.db.execute(sql`update leads set awaiting_since = received_at`);
    const base = { types: leadTypesFor("admin"), staffId: staff.admin.id };
    const exact = await listWaiting(handle.db, { ...base, exactUpTo: 3 });
    expect(exact).toMatchObject({ total: 3, estimated: false, pages: 1 });
    expect(exact.leads.map((l) => l.id)).toEqual([contact, quote, career]);
    const estimated = await listWaiting(handle.db, { ...base, exactUpTo: 2 });
    expect(estimated.estimated).toBe(true);
    expect(estimated.total).toBeGreaterThanOrEqual(3);
    expect(estimated.leads.map((l) => l.id)).toEqual([contact, quote, career]);
    const shown = (list: typeof exact) => String(WaitingView({ list, now: new Date("2026-03-04T10:00:00Z"), names: new Map() }));
    expect(shown(exact)).toContain("3 leads wait");
    expect(shown(estimated)).toContain(`about ${estimated.total.toLocaleString("en")} leads wait`);
    // Sales never counts an application.
    expect(await listWaiting(handle.db, { types: leadTypesFor("sales"), staffId: staff.sales.id, exactUpTo: 3 })).toMatchObject({ total: 2, estimated: false });
  });

  it("moves a lead only along its type's workflow, refusing a wrong step with a message, and records each step", async () => {
    const { contact, quote, career } = await seed();
    expect(await changeStatus(handle.db, { types: leadTypesFor("sales"), actor: staff.sales, leadId: contact, from: "new", to: "closed" })).toEqual({
      ok: false,
      reason: "refused",
      message: "A contact lead that is new cannot become closed: it can become in progress.",
    });
    expect(await changeStatus(handle.db, { types: leadTypesFor("sales"), actor: staff.sales, leadId: quote, from: "new", to: "quoted" })).toEqual({ ok: true });
    expect(await changeStatus(handle.db, { types: leadTypesFor("sales"), actor: staff.sales, leadId: quote, from: "quoted", to: "won" })).toEqual({ ok: true });
    expect(await changeStatus(handle.db, { types: leadTypesFor("sales"), actor: staff.sales, leadId: quote, from: "won", to: "lost" })).toMatchObject({
      message: "A quote lead that is won cannot become lost: its workflow is finished.",
    });
    expect(await changeStatus(handle.db, { types: leadTypesFor("hr"), actor: staff.hr, leadId: career, from: "new", to: "hired" })).toMatchObject({
      message: "An application lead that is new cannot become hired: it can become shortlisted.",
    });
    // Two staff pressing at once: the second is told, not applied over the first.
    expect(await changeStatus(handle.db, { types: leadTypesFor("sales"), actor: staff.sales, leadId: quote, from: "quoted", to: "lost" })).toMatchObject({
      message: "This lead is won now (someone changed it meanwhile); nothing was changed.",
    });
    // A role that may not see the type cannot move it: for that role the lead is not there.
    expect(await changeStatus(handle.db, { types: leadTypesFor("sales"), actor: staff.sales, leadId: career, from: "new", to: "shortlisted" })).toEqual({
      ok: false,
      reason: "missing",
    });

    const lead = await getLead(handle.db, leadTypesFor("sales"), quote);
    if (!lead.ok) throw new Error(lead.reason);
    expect(lead.value.status).toBe("won");
    expect(lead.value.events.map((e) => [e.kind, e.fromValue, e.toValue, e.actorName])).toEqual([
      ["status", "new", "quoted", "Sam Sales"],
      ["status", "quoted", "won", "Sam Sales"],
    ]);
  });

  it("keeps notes and assignments in the history; refuses an empty note; hides another role's lead", async () => {
    const { contact, career } = await seed();
    expect(await addNote(handle.db, { types: leadTypesFor("sales"), actor: staff.sales, leadId: contact, body: "  " })).toMatchObject({
      message: "The note is empty: write something to add it.",
    });
    expect(await addNote(handle.db, { types: leadTypesFor("sales"), actor: staff.sales, leadId: contact, body: "Called back, wants samples." })).toEqual({
      ok: true,
    });
    await assignLead(handle.db, { types: leadTypesFor("sales"), actor: staff.sales, leadId: contact, assigneeId: staff.sales.id });
    const lead = await getLead(handle.db, leadTypesFor("sales"), contact);
    if (!lead.ok) throw new Error(lead.reason);
    expect(lead.value.assigneeId).toBe(staff.sales.id);
    expect(lead.value.events.map((e) => [e.kind, e.body ?? e.toValue])).toEqual([
      ["note", "Called back, wants samples."],
      ["assign", staff.sales.id],
    ]);
    expect(await getLead(handle.db, leadTypesFor("sales"), career)).toEqual({ ok: false, reason: "missing" });
    expect(await getLead(handle.db, leadTypesFor("sales"), 999_999)).toEqual({ ok: false, reason: "missing" });
    expect(await addNote(handle.db, { types: leadTypesFor("sales"), actor: staff.sales, leadId: career, body: "x" })).toEqual({ ok: false, reason: "missing" });
    expect(await getLead(handle.db, leadTypesFor("editor"), contact)).toEqual({ ok: false, reason: "missing" });
  });

  it("queues the assignee's e-mail with the assignment, once per change, and none when the lead is already theirs", async () => {
    const { quote } = await seed();
    const jobs = () =>
      rows<{ kind: string; recipients: string; eml: Uint8Array }>(
        handle.db,
        sql`select kind, recipients, eml from mail_jobs where lead_id = ${quote} order by id`,
      );
    const mail = (text: string) => ({ recipient: staff.sales.email, eml: Buffer.from(text) });
    await assignLead(handle.db, { types: leadTypesFor("admin"), actor: staff.admin, leadId: quote, assigneeId: staff.sales.id, mail: mail("first") });
    await assignLead(handle.db, { types: leadTypesFor("admin"), actor: staff.admin, leadId: quote, assigneeId: staff.sales.id, mail: mail("again") });
    await assignLead(handle.db, { types: leadTypesFor("admin"), actor: staff.admin, leadId: quote, assigneeId: null });
    await assignLead(handle.db, { types: leadTypesFor("admin"), actor: staff.admin, leadId: quote, assigneeId: staff.sales.id, mail: mail("second") });
    const queued = await jobs();
    expect(queued.map((j) => [j.recipients, Buffer.from(j.eml).toString()])).toEqual([
      [staff.sales.email, "first"],
      [staff.sales.email, "second"],
    ]);
    const lead = await getLead(handle.db, leadTypesFor("admin"), quote);
    if (!lead.ok) throw new Error(lead.reason);
    const assignEvents = lead.value.events.filter((e) => e.kind === "assign").map((e) => `assigned:${e.id}`);
    expect(queued.map((j) => j.kind)).toEqual([assignEvents[0], assignEvents[2]]);
  });

  it("changes ticked leads together: only those of the reader's types, each from the state it was read in, with history rows and e-mails in one statement", async () => {
    const { contact, quote, career } = await seed();
    const other = await insertLead(handle.db, { form: "contact", fields: { name: "Ann Other", email: "ann@other.test", subject: "Towels" }, status: "closed" });
    // An application and an id no lead has are not there for sales, alike; the order given is kept.
    const read = await leadsForBulk(handle.db, leadTypesFor("sales"), [other, quote, career, 999_999, contact, quote]);
    expect(read.map((l) => [l.id, l.type, l.status, l.assigneeId])).toEqual([
      [other, "contact", "closed", null],
      [quote, "quote", "new", null],
      [contact, "contact", "new", null],
    ]);
    expect(read.map((l) => l.topic)).toEqual(["Towels", "men/denim-jacket × 5,000", "Knitwear for spring"]);

    // Moved from the status each was read with: a lead someone moved meanwhile stays as it is.
    await changeStatus(handle.db, { types: leadTypesFor("sales"), actor: staff.admin, leadId: contact, from: "new", to: "in_progress" });
    const moved = await changeStatuses(handle.db, {
      types: leadTypesFor("sales"),
      actor: staff.sales,
      to: "in_progress",
      leads: [
        { id: quote, type: "quote", from: "new" },
        { id: contact, type: "contact", from: "new" },
        { id: career, type: "career", from: "new" },
      ],
    });
    expect(moved).toEqual([quote]);
    const statuses = await rows<{ id: number | string; status: string }>(handle.db, sql`select id, status from leads order by id`);
    expect(statuses.map((r) => [Number(r.id), r.status])).toEqual([
      [contact, "in_progress"],
      [quote, "in_progress"],
      [career, "new"],
      [other, "closed"],
    ]);
    const events = await rows<{ lead_id: number | string; kind: string; from_value: string; to_value: string; actor_name: string }>(
      handle.db,
      sql`select lead_id, kind, from_value, to_value, actor_name from lead_events where actor_name = 'Sam Sales' order by id`,
    );
    expect(events.map((e) => [Number(e.lead_id), e.kind, e.from_value, e.to_value])).toEqual([[quote, "status", "new", "in_progress"]]);

    // Given to sales with an e-mail for each lead that changed hands; one already taken meanwhile stays with its taker.
    await assignLead(handle.db, { types: leadTypesFor("admin"), actor: staff.admin, leadId: contact, assigneeId: staff.admin.id });
    const mail = (text: string) => ({ recipient: staff.sales.email, eml: Buffer.from(text) });
    const given = await assignLeads(handle.db, {
      types: leadTypesFor("sales"),
      actor: staff.admin,
      assigneeId: staff.sales.id,
      leads: [
        { id: quote, from: null },
        { id: contact, from: null },
        { id: other, from: null },
      ],
      mails: new Map([
        [quote, mail("quote")],
        [contact, mail("contact")],
      ]),
    });
    expect(given.sort()).toEqual([quote, other].sort());
    const jobs = await rows<{ lead_id: number | string; kind: string; recipients: string; eml: Uint8Array }>(
      handle.db,
      sql`select lead_id, kind, recipients, eml from mail_jobs order by id`,
    );
    expect(jobs.map((j) => [Number(j.lead_id), j.recipients, Buffer.from(j.eml).toString()])).toEqual([[quote, staff.sales.email, "quote"]]);
    const assignEvent = await rows<{ id: number | string }>(handle.db, sql`select id from lead_events where lead_id = ${quote} and kind = 'assign'`);
    expect(jobs[0]!.kind).toBe(`assigned:${assignEvent[0]!.id}`);
    // Given to nobody: each one's history says who had it.
    expect(
      (await assignLeads(handle.db, { types: leadTypesFor("sales"), actor: staff.sales, assigneeId: null, leads: [{ id: other, from: staff.sales.id }] }))
        .length,
    ).toBe(1);
    const otherLead = await getLead(handle.db, leadTypesFor("sales"), other);
    if (!otherLead.ok) throw new Error(otherLead.reason);
    expect(otherLead.value.events.map((e) => [e.kind, e.fromValue, e.toValue])).toEqual([
      ["assign", null, staff.sales.id],
      ["assign", staff.sales.id, null],
    ]);

    // Read and unread for the one member of staff, never for a lead of another type.
    await markLeads(handle.db, { types: leadTypesFor("sales"), staffId: staff.sales.id, leadIds: [quote, contact, career], read: true });
    await markRead(handle.db, career, staff.hr.id);
    const unread = async (who: keyof typeof staff) =>
      (await listLeads(handle.db, { types: leadTypesFor("admin"), staffId: staff[who].id, filter: {} })).leads.filter((l) => l.unread).map((l) => l.id);
    expect(await unread("sales")).toEqual([other, career]);
    await markLeads(handle.db, { types: leadTypesFor("sales"), staffId: staff.sales.id, leadIds: [contact, career], read: false });
    await markLeads(handle.db, { types: leadTypesFor("sales"), staffId: staff.hr.id, leadIds: [career], read: false });
    expect(await unread("sales")).toEqual([other, career, contact]);
    expect(await unread("hr")).not.toContain(career);
  });

  it("exports exactly what the filter shows, across batches, quoted and safe from spreadsheet formulas", async () => {
    await seed();
    await insertLead(handle.db, {
      form: "contact",
      fields: { name: '=HYPERLINK("http://evil.test","click")', email: "x@y.z", subject: 'He said "hi", then left', message: "line one\nline two" },
      receivedAt: day("2026-03-04T10:00:00Z"),
    });
    // Past a leading space or line break, a spreadsheet still reads a formula.
    await insertLead(handle.db, {
      form: "contact",
      fields: { name: ' =HYPERLINK("http://evil.test","click")', email: "\u00a0@x.test", subject: "\n+1+1", message: "\r-2" },
      receivedAt: day("2026-03-03T10:00:00Z"),
    });
    for (let i = 0; i < 5; i++)
      await insertLead(handle.db, {
        form: "contact",
        fields: { name: `Bulk ${i}`, email: "b@b.b", message: "bulk" },
        receivedAt: day(`2026-02-0${i + 1}T00:00:00Z`),
      });
    const csv = await collect(
      exportCsv(handle.db, { types: leadTypesFor("sales"), filter: { type: "contact", from: "2026-02-02" }, assigneeName: (id) => id, batch: 2 }),
    );
    const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      '"reference","type","status","received (UTC)","name","e-mail","company","country","subject / products / position","assignee","message"',
    );
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")"`);
    expect(lines[1]).toContain('"He said ""hi"", then left"');
    expect(lines[1]).toContain('"line one\nline two"');
    const guarded = csv.split("\r\n").find((line) => line.includes("evil.test") && line.includes(" =HYPERLINK"))!;
    expect(guarded).toContain(`"' =HYPERLINK(""http://evil.test"",""click"")","'\u00a0@x.test"`);
    expect(guarded).toContain(`"'\n+1+1"`);
    expect(guarded).toContain(`"'\r-2"`);
    // The list with the same filter, row for row.
    const listed = await listLeads(handle.db, { types: leadTypesFor("sales"), staffId: staff.sales.id, filter: { type: "contact", from: "2026-02-02" } });
    const refs = csv.match(/^"C-\d{4}-\d{5}"/gm)?.map((r) => r.slice(1, -1)) ?? [];
    expect(refs).toEqual(listed.leads.map((l) => l.reference));
    expect(refs).toHaveLength(7);
    // A role that may not see the type gets the header only.
    const hr = await collect(exportCsv(handle.db, { types: leadTypesFor("hr"), filter: { type: "contact" }, assigneeName: (id) => id }));
    expect(
      hr
        .replace(/^\uFEFF/, "")
        .split("\r\n")
        .filter(Boolean),
    ).toHaveLength(1);
  });
});
