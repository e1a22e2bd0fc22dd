import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { quotationSettingsDefaults } from "../../app/lib/contracts/server-settings";
import { drivers, testDatabasePerFile } from "../../test-support/databases";
import { insertLead, staff } from "../../test-support/leads";
import { rows, type Database } from "../db/db";
import {
  answerQuotation,
  discardDraft,
  expireQuotations,
  openDraft,
  quotationForToken,
  quotationsOfLead,
  quotedLead,
  recordSentVersion,
  saveDraft,
  tokenHashOf,
} from "./quotations";

/** The buyer's e-mail as server/mail composes it (only what the statement stores matters here). */
const quotationReply = {
  messageId: "<reply-q1@ssl.example>",
  inReplyTo: null,
  references: [],
  from: "Sam Sales via SSL <sales@ssl.example>",
  to: "li@harbour.test",
  subject: "Re: Men Hoodie [Q-2026-00042]",
  body: "Please find attached our quotation Q-2026-00042 v1.",
  attachments: [{ filename: "Q-2026-00042-v1.pdf", contentType: "application/pdf", content: Buffer.from("%PDF-") }],
  purpose: "quotation" as const,
  eml: Buffer.from("eml"),
  recipients: ["li@harbour.test"],
};

/** The draft sent as v1 by sales at `now`, its link's token `token`. */
const sendFirstVersion = (db: Database, { leadId, quotationId, token, now }: { leadId: number; quotationId: number; token: string; now: Date }) =>
  recordSentVersion(db, {
    leadId,
    quotationId,
    version: 1,
    actor: staff.sales,
    tokenHash: tokenHashOf(token),
    pdf: Buffer.from("%PDF-"),
    reply: { ...quotationReply, messageId: `<reply-${token.slice(0, 8)}@ssl.example>` },
    now,
  });

describe.each(drivers)("quotations' validity on %s", (driver) => {
  const handle = testDatabasePerFile(driver);

  it("expires a version once past its last valid day (UTC), with its lead and a history row; a second run changes nothing", async () => {
    const db = handle.db;
    const id = await insertLead(db, {
      form: "quote",
      status: "new",
      reference: "Q-2026-00042",
      fields: {
        email: "li@harbour.test",
        products: [{ product: "men/hoodie", quantity: 600, colours: 2, sizes: "M", targetPrice: "", currency: "USD", notes: "" }],
      },
    });
    const lead = (await quotedLead(db, id))!;
    const sentOn = new Date("2026-11-28T09:00:00Z");
    const draft = await openDraft(db, {
      leadId: id,
      request: lead.request!,
      actor: staff.sales,
      now: sentOn,
      defaults: { ...quotationSettingsDefaults, validityDays: 2 },
    });
    expect(draft.validUntil).toBe("2026-11-30");
    await saveDraft(db, { leadId: id, quotationId: draft.id, terms: draft, lines: draft.lines.map((l) => ({ ...l, unitPriceMinor: 640n })) });
    const sent = await sendFirstVersion(db, { leadId: id, quotationId: draft.id, token: "t".repeat(43), now: sentOn });
    expect(sent).toEqual({ ok: true, version: 1, revises: null });

    expect(await expireQuotations(db, new Date("2026-11-30T23:59:59Z"))).toBe(0);
    expect(await expireQuotations(db, new Date("2026-12-01T00:00:00Z"))).toBe(1);
    expect(await expireQuotations(db, new Date("2026-12-02T00:00:00Z"))).toBe(0);
    const [state] = await rows<{ q: string; l: string }>(db, sql`select q.status as q, l.status as l from quotations q join leads l on l.id = q.lead_id`);
    expect(state).toEqual({ q: "expired", l: "expired" });
    const events = await rows<{ kind: string; from_value: string | null; to_value: string }>(
      db,
      sql`select kind, from_value, to_value from lead_events where lead_id = ${id} order by id`,
    );
    // One statement writes both rows of a step: their order within it is the database's.
    expect(events).toHaveLength(4);
    expect(events).toEqual(
      expect.arrayContaining([
        { kind: "quotation", from_value: "1", to_value: "sent" },
        { kind: "status", from_value: "new", to_value: "quoted" },
        { kind: "quotation", from_value: "1", to_value: "expired" },
        { kind: "status", from_value: "quoted", to_value: "expired" },
      ]),
    );
  });

  it("sends no version on a lead whose workflow is over (won, lost), and a buyer's answer leaves it there", async () => {
    const db = handle.db;
    const id = await insertLead(db, {
      form: "quote",
      status: "new",
      reference: "Q-2026-00043",
      fields: {
        email: "li@harbour.test",
        products: [{ product: "men/hoodie", quantity: 600, colours: 2, sizes: "M", targetPrice: "", currency: "USD", notes: "" }],
      },
    });
    const lead = (await quotedLead(db, id))!;
    const draftAt = async (at: Date) => {
      const draft = await openDraft(db, { leadId: id, request: lead.request!, actor: staff.sales, now: at, defaults: quotationSettingsDefaults });
      await saveDraft(db, { leadId: id, quotationId: draft.id, terms: draft, lines: draft.lines.map((l) => ({ ...l, unitPriceMinor: 640n })) });
      return draft.id;
    };
    const sentOn = new Date("2026-11-28T09:00:00Z");
    const first = await draftAt(sentOn);
    const v1 = "w".repeat(43);
    expect(
      await recordSentVersion(db, {
        leadId: id,
        quotationId: first,
        version: 1,
        actor: staff.sales,
        tokenHash: tokenHashOf(v1),
        pdf: Buffer.from("%PDF-"),
        reply: quotationReply,
        now: sentOn,
      }),
    ).toEqual({ ok: true, version: 1, revises: null });
    const second = await draftAt(new Date("2026-11-28T10:00:00Z"));
    await rows(db, sql`update leads set status = 'won' where id = ${id} returning id`);

    const notice = { eml: Buffer.from("eml"), recipients: "sales@ssl.test" };
    expect(
      await answerQuotation(db, { token: v1, action: { kind: "decline", reason: "" }, clientAddress: null, now: new Date("2026-11-28T11:00:00Z"), notice }),
    ).toEqual({ ok: true });
    const status = async () => (await rows<{ status: string }>(db, sql`select status from leads where id = ${id}`))[0]!.status;
    expect(await status()).toBe("won");
    const reply = { ...quotationReply, messageId: "<reply-q2-won@ssl.example>" };
    expect(
      await recordSentVersion(db, {
        leadId: id,
        quotationId: second,
        version: 2,
        actor: staff.sales,
        tokenHash: tokenHashOf("x".repeat(43)),
        pdf: Buffer.from("%PDF-"),
        reply,
        now: new Date("2026-11-28T12:00:00Z"),
      }),
    ).toEqual({ ok: false, reason: "closed" });
    expect(await status()).toBe("won");
  });

  it("stores the confirmation of an acceptance with it, once however many posts race (decision 0155); never with another answer", async () => {
    const db = handle.db;
    const sentOn = new Date("2026-11-28T09:00:00Z");
    const sendOne = async (reference: string, token: string) => {
      const id = await insertLead(db, {
        form: "quote",
        status: "new",
        reference,
        fields: {
          email: "li@harbour.test",
          products: [{ product: "men/hoodie", quantity: 600, colours: 2, sizes: "M", targetPrice: "", currency: "USD", notes: "" }],
        },
      });
      const lead = (await quotedLead(db, id))!;
      const draft = await openDraft(db, { leadId: id, request: lead.request!, actor: staff.sales, now: sentOn, defaults: quotationSettingsDefaults });
      await saveDraft(db, { leadId: id, quotationId: draft.id, terms: draft, lines: draft.lines.map((l) => ({ ...l, unitPriceMinor: 640n })) });
      const reply = { ...quotationReply, messageId: `<reply-${reference}@ssl.example>` };
      const sent = await recordSentVersion(db, {
        leadId: id,
        quotationId: draft.id,
        version: 1,
        actor: staff.sales,
        tokenHash: tokenHashOf(token),
        pdf: Buffer.from("%PDF-"),
        reply,
        now: sentOn,
      });
      expect(sent.ok).toBe(true);
      return id;
    };
    const confirmation = (n: number) => ({
      ...quotationReply,
      messageId: `<reply-confirm-${n}@ssl.example>`,
      body: "Thank you: our quotation was accepted.",
      attachments: [{ filename: "Q-2026-00050-v1.pdf", contentType: "application/pdf", content: Buffer.from("%PDF-") }],
      eml: Buffer.from(`confirmation ${n}`),
      purpose: undefined,
    });
    const notice = { eml: Buffer.from("eml"), recipients: "sales@ssl.test" };
    const at = new Date("2026-11-29T10:00:00Z");
    const stored = (id: number) =>
      rows<{ kind: string; eml: string; purpose: string; sent_by_id: string; files: number | string }>(
        db,
        sql`select j.kind, convert_from(j.eml, 'UTF8') as eml, m.purpose, m.sent_by_id,
              (select count(*) from lead_files f where f.message_id = m.id) as files
            from lead_messages m join mail_jobs j on j.message_id = m.message_id where m.lead_id = ${id} and m.purpose = 'acceptance'`,
      );

    const accepted = await sendOne("Q-2026-00050", "c".repeat(43));
    const accept = { kind: "accept" as const, name: "Li Wei", position: "Buyer" };
    const answers = await Promise.all(
      [1, 2, 3].map((n) => answerQuotation(db, { token: "c".repeat(43), action: accept, clientAddress: null, now: at, notice, confirmation: confirmation(n) })),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    const [one, ...more] = await stored(accepted);
    expect(more).toEqual([]);
    expect(one).toMatchObject({
      kind: expect.stringMatching(/^quotation-accepted:\d+$/),
      eml: expect.stringMatching(/^confirmation [123]$/),
      purpose: "acceptance",
      sent_by_id: "system",
    });
    expect(Number(one!.files)).toBe(1);

    const declined = await sendOne("Q-2026-00051", "d".repeat(43));
    expect(
      await answerQuotation(db, {
        token: "d".repeat(43),
        action: { kind: "decline", reason: "" },
        clientAddress: null,
        now: at,
        notice,
        confirmation: confirmation(4),
      }),
    ).toEqual({ ok: true });
    expect(await stored(declined)).toEqual([]);
  });

  it("keeps an accepted version accepted: a new version is a revision, refused without a reason; with one the lead stays accepted whatever the buyer answers to it (decision 0137)", async () => {
    const db = handle.db;
    const id = await insertLead(db, {
      form: "quote",
      status: "new",
      reference: "Q-2026-00042",
      fields: {
        email: "li@harbour.test",
        products: [{ product: "men/hoodie", quantity: 600, colours: 2, sizes: "M", targetPrice: "", currency: "USD", notes: "" }],
      },
    });
    const lead = (await quotedLead(db, id))!;
    const defaults = quotationSettingsDefaults;
    const sendDraft = async (version: number, token: string, at: Date, revisionReason?: string) => {
      const draft = await openDraft(db, { leadId: id, request: lead.request!, actor: staff.sales, now: at, defaults });
      await saveDraft(db, {
        leadId: id,
        quotationId: draft.id,
        terms: draft,
        lines: draft.lines.map((l) => ({ ...l, unitPriceMinor: 640n + BigInt(version) })),
      });
      const reply = { ...quotationReply, messageId: `<reply-q${version}-${revisionReason === undefined ? "none" : revisionReason.length}@ssl.example>` };
      return recordSentVersion(db, {
        leadId: id,
        quotationId: draft.id,
        version,
        actor: staff.sales,
        tokenHash: tokenHashOf(token),
        pdf: Buffer.from("%PDF-"),
        reply,
        now: at,
        revisionReason,
      });
    };
    const notice = { eml: Buffer.from("eml"), recipients: "sales@ssl.test" };
    const v1 = "1".repeat(43);
    expect(await sendDraft(1, v1, new Date("2026-11-28T09:00:00Z"))).toEqual({ ok: true, version: 1, revises: null });
    expect(
      await answerQuotation(db, {
        token: v1,
        action: { kind: "accept", name: "Li Wei", position: "Buyer" },
        clientAddress: null,
        now: new Date("2026-11-28T10:00:00Z"),
        notice,
      }),
    ).toEqual({ ok: true });

    const at = new Date("2026-11-29T09:00:00Z");
    expect(await sendDraft(2, "2".repeat(43), at)).toEqual({ ok: false, reason: "needs-reason" });
    expect(await sendDraft(2, "2".repeat(43), at, "   ")).toEqual({ ok: false, reason: "needs-reason" });
    expect(await rows(db, sql`select version, status from quotations where lead_id = ${id} order by version nulls last`)).toEqual([
      { version: 1, status: "accepted" },
      { version: null, status: "draft" },
    ]);
    expect(await rows(db, sql`select kind from mail_jobs where lead_id = ${id} and kind like 'quotation:%'`), "nothing sent").toHaveLength(1);

    const v2 = "2".repeat(43);
    expect(await sendDraft(2, v2, at, "Cotton rose 4%.")).toEqual({ ok: true, version: 2, revises: 1 });
    const state = async () => ({
      versions: await rows(db, sql`select version, status, revises_version, revision_reason from quotations where lead_id = ${id} order by version`),
      lead: (await rows<{ status: string }>(db, sql`select status from leads where id = ${id}`))[0]!.status,
    });
    expect(await state()).toEqual({
      versions: [
        { version: 1, status: "accepted", revises_version: null, revision_reason: null },
        { version: 2, status: "sent", revises_version: 1, revision_reason: "Cotton rose 4%." },
      ],
      lead: "accepted",
    });
    const events = await rows(
      db,
      sql`select kind, from_value, to_value, body from lead_events where lead_id = ${id} and at = ${at.toISOString()}::timestamptz`,
    );
    expect(events).toHaveLength(2);
    expect(events).toEqual(
      expect.arrayContaining([
        { kind: "quotation", from_value: "2", to_value: "sent", body: null },
        { kind: "quotation", from_value: "1", to_value: "revised", body: "Cotton rose 4%." },
      ]),
    );
    expect(await quotationForToken(db, v1)).toMatchObject({
      status: "accepted",
      latestVersion: 2,
      later: { version: 2, sentAt: at, status: "sent" },
      laterAccepted: null,
    });

    // The buyer declines the revision: what he accepted stands, and so does the lead.
    expect(
      await answerQuotation(db, { token: v2, action: { kind: "decline", reason: "" }, clientAddress: null, now: new Date("2026-11-30T09:00:00Z"), notice }),
    ).toEqual({ ok: true });
    expect((await state()).lead).toBe("accepted");
    expect((await state()).versions.map((v) => (v as { status: string }).status)).toEqual(["accepted", "declined"]);
    expect(
      await answerQuotation(db, { token: v1, action: { kind: "decline", reason: "" }, clientAddress: null, now: new Date("2026-11-30T09:00:00Z"), notice }),
    ).toEqual({ ok: false, reason: "answered" });
  });
});

describe.each(drivers)("a first draft's terms on %s", (driver) => {
  const handle = testDatabasePerFile(driver);
  const now = new Date("2026-11-28T09:00:00Z");
  const firstDraft = async (incoterm: string, paymentMode: string) => {
    const fields = { email: "li@harbour.test", incoterm, destination: "Hamburg", deliveryMonth: "2027-03", paymentMode, products: [] };
    const id = await insertLead(handle.db, { form: "quote", fields, reference: null });
    return openDraft(handle.db, {
      leadId: id,
      request: (await quotedLead(handle.db, id))!.request!,
      actor: staff.sales,
      now,
      defaults: quotationSettingsDefaults,
    });
  };

  it("names the place its Incoterm names (never the buyer's destination as the port of an FOB), the buyer's payment mode, and other terms that repeat neither", async () => {
    const fob = await firstDraft("FOB", "LC");
    expect({ incoterm: fob.incoterm, namedPlace: fob.namedPlace, paymentTerms: fob.paymentTerms, leadTime: fob.leadTime }).toEqual({
      incoterm: "FOB",
      namedPlace: "",
      paymentTerms: "LC – letter of credit",
      leadTime: "Shipment in 2027-03",
    });
    expect(fob.terms).toBe(quotationSettingsDefaults.terms);
    expect(fob.terms).not.toMatch(/T\/T|LC|Dispatch|Payment/);
    for (const incoterm of ["EXW", "FCA"]) expect((await firstDraft(incoterm, "TT")).namedPlace).toBe("");
    for (const incoterm of ["CIF", "DAP", "DDP"]) expect((await firstDraft(incoterm, "TT")).namedPlace).toBe("Hamburg");
    expect((await firstDraft("CIF", "TT")).paymentTerms).toBe("TT – telegraphic transfer");
    // A request that names no payment mode (an old one) starts with the content's payment terms.
    expect((await firstDraft("DAP", "")).paymentTerms).toBe(quotationSettingsDefaults.paymentTerms);
  });
});

describe.each(drivers)("a line's price breaks on %s", (driver) => {
  const handle = testDatabasePerFile(driver);
  const now = new Date("2026-11-28T09:00:00Z");
  const breakRows = async () =>
    rows<{ line_id: string; position: number; min_quantity: number; unit_price_minor: string }>(
      handle.db,
      sql`select line_id::text, position, min_quantity, unit_price_minor::text from quotation_line_breaks order by line_id, position`,
    );

  it("keeps each line's breaks in order with exact prices, copies them into the next draft, and never changes them on the version sent (decision 0156)", async () => {
    const db = handle.db;
    const id = await insertLead(db, {
      form: "quote",
      reference: "Q-2026-00044",
      fields: {
        email: "li@harbour.test",
        products: [
          { product: "men/hoodie", quantity: 3000, colours: 2, sizes: "M", targetPrice: "", currency: "USD", notes: "" },
          { product: "men/t-shirt", quantity: 1000, colours: 1, sizes: "L", targetPrice: "", currency: "USD", notes: "" },
        ],
      },
    });
    const lead = (await quotedLead(db, id))!;
    const draft = await openDraft(db, { leadId: id, request: lead.request!, actor: staff.sales, now, defaults: quotationSettingsDefaults });
    expect(draft.lines.map((l) => l.breaks)).toEqual([[], []]);
    const breaks = [
      { minQuantity: 5000, unitPriceMinor: 395n },
      { minQuantity: 10_000, unitPriceMinor: 370n },
      // Higher than the break before it: allowed, sales' call (decision 0156).
      { minQuantity: 20_000, unitPriceMinor: 9_007_199_254_740_993n },
    ];
    const [hoodie, shirt] = draft.lines;
    await saveDraft(db, {
      leadId: id,
      quotationId: draft.id,
      terms: draft,
      lines: [
        { ...hoodie!, unitPriceMinor: 420n, breaks },
        { ...shirt!, unitPriceMinor: 210n },
      ],
    });
    const saved = (await quotationsOfLead(db, id))[0]!;
    expect(saved.lines.map((l) => l.breaks)).toEqual([breaks, []]);

    const sent = await sendFirstVersion(db, { leadId: id, quotationId: draft.id, token: "b".repeat(43), now });
    expect(sent).toMatchObject({ ok: true, version: 1 });
    const next = await openDraft(db, { leadId: id, request: lead.request!, actor: staff.sales, now, defaults: quotationSettingsDefaults });
    expect(next.id).not.toBe(draft.id);
    expect(next.lines.map((l) => l.breaks)).toEqual([breaks, []]);

    // The new draft's breaks change; the version sent keeps its own.
    const changed = [{ minQuantity: 4000, unitPriceMinor: 405n }];
    await saveDraft(db, {
      leadId: id,
      quotationId: next.id,
      terms: next,
      lines: [
        { ...next.lines[0]!, breaks: [] },
        { ...next.lines[1]!, breaks: changed },
      ],
    });
    const [newDraft, v1] = await quotationsOfLead(db, id);
    expect(newDraft!.lines.map((l) => l.breaks)).toEqual([[], changed]);
    expect(v1!.version).toBe(1);
    expect(v1!.lines.map((l) => l.breaks)).toEqual([breaks, []]);
    expect((await quotationForToken(db, "b".repeat(43)))!.lines[0]!.breaks).toEqual(breaks);

    // Breaks out of order are the caller's mistake: refused before anything is written.
    const before = await breakRows();
    await expect(
      saveDraft(db, { leadId: id, quotationId: next.id, terms: next, lines: [{ ...next.lines[0]!, breaks: [{ minQuantity: 3000, unitPriceMinor: 400n }] }] }),
    ).rejects.toThrow(/above its quantity/);
    expect(await breakRows()).toEqual(before);

    // Discarding the draft takes its lines' breaks with them; the version's stay.
    await discardDraft(db, { leadId: id, quotationId: next.id });
    expect(await breakRows()).toHaveLength(3);
  });

  it("refuses a fifth break, a second break from the same quantity and a negative price", async () => {
    const db = handle.db;
    const id = await insertLead(db, { form: "quote", reference: null, fields: { email: "li@harbour.test", products: [] } });
    const [line] = await rows<{ id: string }>(
      db,
      sql`with q as (insert into quotations (lead_id, valid_until, created_by_id, created_by_name) values (${id}, '2026-12-28', 's', 'Sam') returning id)
          insert into quotation_lines (quotation_id, position, product, quantity, currency) select id, 0, 'Hoodie', 600, 'USD' from q returning id::text`,
    );
    const insert = (position: number, minQuantity: number, price: number) =>
      db.execute(
        sql`insert into quotation_line_breaks (line_id, position, min_quantity, unit_price_minor) values (${line!.id}::bigint, ${position}, ${minQuantity}, ${price})`,
      );
    await insert(0, 1000, 600);
    await expect(insert(4, 5000, 500)).rejects.toThrow();
    await expect(insert(1, 1000, 500)).rejects.toThrow();
    await expect(insert(1, 2000, -1)).rejects.toThrow();
    expect(await breakRows()).toEqual([{ line_id: line!.id, position: 0, min_quantity: 1000, unit_price_minor: "600" }]);
  });
});
