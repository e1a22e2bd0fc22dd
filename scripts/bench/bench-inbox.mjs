// `npm run bench:inbox`: how long the staff inbox takes to list, filter, search and export 50,000
// leads on PostgreSQL (decision 0053), show the "waiting for us" view and a lead with a 50-message
// timeline (decisions 0101, 0103). A benchmark, not a test: the figures depend on the machine.
// Usage: npm run bench:inbox [-- --leads=50000 --runs=30 --keep --database-url=URL --pglite[=DIR] --only=TEXT]
// (--only: just the queries whose name contains TEXT, no CSV export: to compare one query's plans.)
//
// A throw-away PostgreSQL (scripts/test-setup/test-postgres.mjs) — or the one at --database-url, or
// PGlite (--pglite: in memory, --pglite=DIR: that folder, kept) — is migrated by the server's own
// code and filled with generated leads (contact 60 %, quote 25 %, application 15 %, over two
// years, a fifth of them past "new" — only the "new" ones wait for us — and one quote with a
// 50-message conversation), then each query of server/leads/inbox.ts runs `runs`
// times after 3 warm-ups; the median and 95th percentile are printed. A database given with
// --database-url or --pglite=DIR that already holds exactly --leads generated leads is reused as it
// is (filling 500,000 takes minutes): the generator is deterministic. The TypeScript is bundled with
// esbuild first, so what is timed is the code the server runs.
import { mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { startTestPostgres } from "../test-setup/test-postgres.mjs";

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const leadCount = arg("leads", 50_000);
const runs = arg("runs", 30);
/** --keep: leave the filled PostgreSQL running (its URL is printed) to look at query plans; Ctrl-C stops it. */
const keep = process.argv.includes("--keep");
const option = (name) =>
  process.argv
    .find((a) => a === `--${name}` || a.startsWith(`--${name}=`))
    ?.split("=")
    .slice(1)
    .join("=");
const databaseUrl = option("database-url");
const pgliteDir = option("pglite");
const only = option("only");
const onPglite = pgliteDir !== undefined;
const root = fileURLToPath(new URL("../..", import.meta.url));

const firstNames = ["Jane", "Li", "Rahim", "Maria", "Ahmed", "Sofia", "Kenji", "Olga", "Carlos", "Fatima", "Lukas", "Aisha", "Tom", "Priya", "Noah", "Elif"];
const lastNames = [
  "Roe",
  "Wei",
  "Uddin",
  "Garcia",
  "Khan",
  "Rossi",
  "Tanaka",
  "Ivanova",
  "Silva",
  "Begum",
  "Becker",
  "Yilmaz",
  "Smith",
  "Patel",
  "Dubois",
  "Novak",
];
const companies = [
  "Harbour Trading",
  "Nordic Apparel",
  "Acme Buying",
  "Lumen Retail",
  "Baltic Wholesale",
  "Sierra Imports",
  "Kumo Textiles",
  "Atlas Distribution",
  "Verde Home",
  "Orion Sports",
];
const countries = ["DE", "US", "GB", "FR", "JP", "CN", "IT", "ES", "NL", "SE", "TR", "AE", "CA", "AU", "PL"];
const products = [
  "denim jackets",
  "knitted sweaters",
  "cotton t-shirts",
  "polo shirts",
  "jute bags",
  "leather wallets",
  "bath towels",
  "bed linen",
  "woven shirts",
  "sportswear",
];
const words = (
  "price sample order delivery quality certificate merino cotton organic recycled shipment container fob lead time moq colour " +
  "size label packing audit compliance factory visit invoice payment discount season spring summer autumn winter collection"
).split(" ");
const positions = ["Merchandiser", "QC Inspector", "Designer", "Compliance Auditor", "Accountant", "Sales Executive"];
const statusesByForm = {
  contact: ["in_progress", "answered", "closed"],
  quote: ["quoted", "won", "lost"],
  career: ["shortlisted", "interviewed", "hired", "rejected"],
};

let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = (list) => list[Math.floor(random() * list.length)];
const sentence = (n) => Array.from({ length: n }, () => pick(words)).join(" ");
/** A quote's product in the stored shape (app/lib/contracts/leads.ts): numbers as numbers. */
const product = () => ({
  product: pick(products),
  quantity: 500 * (1 + Math.floor(random() * 20)),
  colours: 1 + Math.floor(random() * 4),
  sizes: "S-XL",
  targetPrice: "",
  currency: "USD",
  notes: "",
});

function generatedLead(i) {
  const r = random();
  const form = r < 0.6 ? "contact" : r < 0.85 ? "quote" : "career";
  const first = pick(firstNames);
  const last = pick(lastNames);
  const company = `${pick(companies)} ${i % 97}`;
  const email = `${first}.${last}${i}@${company.split(" ")[0].toLowerCase()}-${i % 97}.example`.toLowerCase();
  const fields =
    form === "contact"
      ? { name: `${first} ${last}`, email, subject: sentence(4), message: sentence(60) }
      : form === "quote"
        ? { name: `${first} ${last}`, email, company, country: pick(countries), products: [product(), product()], message: sentence(40) }
        : { name: `${first} ${last}`, email, phone: "+8801700000000", position: pick(positions), coverLetter: sentence(80) };
  const receivedAt = new Date(Date.UTC(2024, 10, 25) + Math.floor(random() * 730 * 86_400_000));
  const status = random() < 0.8 ? "new" : pick(statusesByForm[form]);
  return { form, fields, receivedAt, status };
}

/** One generated lead's e-mail address, to search for exactly one lead. */
let knownEmail = "";

/** The lead given a 50-message conversation. */
let conversationLead = 0;

/**
 * One lead with a long conversation: 50 messages (25 each way, a file on every fifth) and 10 notes.
 * Added unless the lead has it already.
 */
async function converse(db, sql, rows) {
  const [talk] = await rows(
    db,
    sql`select id, (select count(*)::int from lead_messages m where m.lead_id = l.id) as messages from leads l where form = 'quote' order by id limit 1`,
  );
  conversationLead = Number(talk.id);
  if (talk.messages > 0) return;
  for (let m = 0; m < 50; m++) {
    const outbound = m % 2 === 0;
    const [message] = await rows(
      db,
      sql`insert into lead_messages (lead_id, direction, message_id, from_address, to_address, subject, body, sent_by_id, sent_by_name, at)
          values (${conversationLead}, ${outbound ? "out" : "in"}, ${`<bench-${m}@bench.example>`}, 'a@b.example', 'c@d.example', 'Re: denim jackets [Q-2025-00001]',
            ${sentence(120)}, ${outbound ? "u-sales" : null}, ${outbound ? "Sam Sales" : null}, now() - make_interval(hours => ${50 - m}))
          returning id`,
    );
    if (m % 5 === 0) {
      await db.execute(
        sql`insert into lead_files (lead_id, role, position, filename, content_type, content, message_id)
            values (${conversationLead}, 'attachment', 0, 'spec.pdf', 'application/pdf', ${Buffer.alloc(200_000, "p")}::bytea, ${message.id})`,
      );
    }
  }
  for (let n = 0; n < 10; n++) {
    await db.execute(
      sql`insert into lead_events (lead_id, actor_id, actor_name, kind, body) values (${conversationLead}, 'u-sales', 'Sam Sales', 'note', ${sentence(30)})`,
    );
  }
}

/** Fills the table unless it already holds the generated leads; then the statistics and the sizes. */
async function fill(db, sql, rows) {
  const firstBatch = Array.from({ length: Math.min(1000, leadCount) }, (_, j) => generatedLead(j));
  knownEmail = firstBatch[Math.min(123, firstBatch.length - 1)].fields.email;
  const [{ n }] = await rows(db, sql`select count(*)::int as n from leads`);
  if (n !== 0 && n !== leadCount) throw new Error(`the database holds ${n} leads, not 0 or ${leadCount}: give an empty one or --leads=${n}`);
  const filled = n === 0;
  if (filled) {
    const eml = Buffer.alloc(1500, "x");
    for (let start = 0; start < leadCount; start += 1000) {
      const batch = start === 0 ? firstBatch : Array.from({ length: Math.min(1000, leadCount - start) }, (_, j) => generatedLead(start + j));
      const records = batch.map((l, j) => ({
        form: l.form,
        fields: l.fields,
        received_at: l.receivedAt,
        status: l.status,
        assignee_id: (start + j) % 5 === 0 ? "u-sales" : null,
      }));
      await db.execute(
        sql`insert into leads (form, fields, eml, received_at, status, assignee_id)
            select form, fields, ${eml}::bytea, received_at, status, assignee_id
            from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as t (form text, fields jsonb, received_at timestamptz, status text, assignee_id text)`,
      );
    }
    // Leads past "new" were answered (outside the desk, as before the desk could reply): only the others wait for us.
    await db.execute(sql`update leads set awaiting_since = null where status <> 'new'`);
  }
  await converse(db, sql, rows);
  if (filled) {
    // What autovacuum does to a table after a load: statistics, and the visibility map that lets a
    // count read the index alone.
    for (const table of ["leads", "lead_messages", "lead_files", "lead_events"]) await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  const [size] = await rows(
    db,
    sql`select pg_size_pretty(pg_total_relation_size('leads')) as size, pg_size_pretty(pg_relation_size('leads_search')) as search_index`,
  );
  return { ...size, filled };
}

/** The CSV of every lead, its time and the heap it takes (constant memory: the chunks are dropped as a response would send them). */
async function timeExport(db, exportCsv, leadTypesFor) {
  const exportStart = performance.now();
  let bytes = 0;
  let lines = 0;
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  for await (const chunk of exportCsv(db, { types: leadTypesFor("admin"), filter: {}, assigneeName: (id) => id })) {
    bytes += Buffer.byteLength(chunk);
    lines += chunk.split("\r\n").length - 1;
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }
  console.log(
    `\nCSV export, every lead (admin, no filter): ${lines - 1} rows, ${(bytes / 1e6).toFixed(1)} MB in ${((performance.now() - exportStart) / 1000).toFixed(2)} s; heap at most ${((heapPeak - heapBefore) / 1e6).toFixed(0)} MB above its start`,
  );
}

async function time(run) {
  for (let i = 0; i < 3; i++) await run(i);
  const times = [];
  let result;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    result = await run(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)];
  return { median: at(0.5), p95: at(0.95), result };
}

// Inside the project, so the bundle's imports of node_modules resolve as the server's do.
const out = await mkdtemp(join(root, ".bench-inbox-"));
const postgres = databaseUrl || onPglite ? undefined : await startTestPostgres();
try {
  await build({
    stdin: {
      contents: `export { openLeadsDatabase, rows } from "./server/db/db.ts"; export { sql } from "drizzle-orm"; export * from "./server/leads/inbox.ts"; export { leadMessagesOf } from "./server/leads/conversations.ts"; export { exportCsv } from "./server/staff/inbox/csv-export.ts"; export { leadTypesFor } from "./server/staff/roles.ts";`,
      resolveDir: root,
      loader: "ts",
    },
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    // Two folders below the project, as the server bundle (build/node/index.mjs): PGlite's worker is found from there.
    outfile: join(out, "node", "inbox.mjs"),
    logLevel: "error",
  });
  const { openLeadsDatabase, rows, sql, listLeads, countNew, exportCsv, leadTypesFor, listWaiting, getLead, leadMessagesOf } = await import(
    pathToFileURL(join(out, "node", "inbox.mjs")).href
  );
  const where = onPglite ? (pgliteDir ? { dataDir: pgliteDir } : { memory: true }) : { databaseUrl: databaseUrl ?? postgres.url };
  const migrateStart = performance.now();
  const leads = await openLeadsDatabase(where, join(root, "server/db/migrations"));
  console.log(`${leads.kind} at ${leads.location}: opened and migrated in ${((performance.now() - migrateStart) / 1000).toFixed(1)} s`);
  const fillStart = performance.now();
  const size = await fill(leads.db, sql, rows);
  console.log(
    `${leadCount.toLocaleString("en")} leads ${size.filled ? `written in ${((performance.now() - fillStart) / 1000).toFixed(1)} s` : "already there"} (table with indexes ${size.size}, search index ${size.search_index}); ${runs} runs each after 3 warm-ups\n`,
  );

  const db = leads.db;
  const list =
    (role, filter, page = 1) =>
    () =>
      listLeads(db, { types: leadTypesFor(role), staffId: "u-bench", filter, page });
  // The pages a member of staff reaches by Next and Previous: read from the lead at the edge of the page before (keyset).
  const admin = { types: leadTypesFor("admin"), staffId: "u-bench", filter: {} };
  const page1 = await listLeads(db, admin);
  const lastPage = await listLeads(db, { ...admin, last: true });
  const cases = [
    ["list, newest first (admin: every type), page 1", list("admin", {})],
    ["list, sales (contact + quote), page 1", list("sales", {})],
    ["list, hr (applications), page 1", list("hr", {})],
    ["list, admin, page 500 (rows 24,951-25,000)", list("admin", {}, 500)],
    ["list, admin, last page (the link)", () => listLeads(db, { ...admin, last: true })],
    ["list, admin, page 2 by Next (keyset)", () => listLeads(db, { ...admin, page: 2, after: page1.leads.at(-1).id })],
    ["list, admin, the page before the last by Previous (keyset)", () => listLeads(db, { ...admin, page: lastPage.page - 1, before: lastPage.leads[0].id })],
    ["filter: quote + status new", list("sales", { type: "quote", status: "new" })],
    ["filter: assignee + status new", list("sales", { assignee: "u-sales", status: "new" })],
    ["filter: one month", list("admin", { from: "2025-06-01", to: "2025-06-30" })],
    ['search: a company ("harbour trading")', list("admin", { q: "harbour trading" })],
    ["search: an e-mail address (one lead)", () => listLeads(db, { types: leadTypesFor("admin"), staffId: "u-bench", filter: { q: knownEmail } })],
    ['search: a word prefix in messages ("merin")', list("admin", { q: "merin" })],
    ['search: two message words ("organic container")', list("sales", { q: "organic container" })],
    ['search + filter: "denim" in quotes, new, 2025', list("sales", { q: "denim", type: "quote", status: "new", from: "2025-01-01", to: "2025-12-31" })],
    ["count of new leads (badge), sales", () => countNew(db, leadTypesFor("sales"))],
    ["waiting for us, admin, page 1 (oldest first)", () => listWaiting(db, { types: leadTypesFor("admin"), staffId: "u-bench" })],
    ["waiting for us, sales, page 1", () => listWaiting(db, { types: leadTypesFor("sales"), staffId: "u-bench" })],
    [
      "a lead's page with a 50-message timeline",
      async () => {
        const [lead, messages] = await Promise.all([getLead(db, leadTypesFor("sales"), conversationLead), leadMessagesOf(db, conversationLead)]);
        return { total: lead.ok ? messages.length + lead.value.events.length : 0 };
      },
    ],
  ];
  const results = [];
  for (const [name, run] of cases.filter(([name]) => !only || name.includes(only))) {
    const { median, p95, result } = await time(run);
    results.push({ query: name, "median ms": median.toFixed(1), "p95 ms": p95.toFixed(1), matched: `${result.estimated ? "about " : ""}${result.total}` });
  }
  console.table(results);

  if (!only) await timeExport(db, exportCsv, leadTypesFor);
  await leads.close();
  if (keep) {
    console.log(`\nPostgreSQL kept at ${postgres?.url ?? databaseUrl}; Ctrl-C stops it.`);
    await new Promise((resolve) => process.once("SIGINT", resolve));
  }
} finally {
  await postgres?.close();
  await rm(out, { recursive: true, force: true });
}
