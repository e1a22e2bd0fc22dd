// `npm run bench:inbox`: how long the staff inbox takes to list, filter, search and export 50,000
// leads on PostgreSQL (issue 28), show the "waiting for us" view and a lead with a 50-message
// timeline (issue 45). A benchmark, not a test: the figures depend on the machine.
// Usage: npm run bench:inbox [-- --leads=50000 --runs=30 --keep]
//
// A throw-away PostgreSQL (scripts/test-setup/test-postgres.mjs) is migrated by the server's own
// code and filled with generated leads (contact 60 %, quote 25 %, application 15 %, over two
// years, a fifth of them past "new"), then each query of server/leads/inbox.ts runs `runs`
// times after 3 warm-ups; the median and 95th percentile are printed. The TypeScript is bundled with
// esbuild first, so what is timed is the code the server runs.
import { mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import pg from "pg";
import { startTestPostgres } from "../test-setup/test-postgres.mjs";

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const leadCount = arg("leads", 50_000);
const runs = arg("runs", 30);
/** --keep: leave the filled PostgreSQL running (its URL is printed) to look at query plans; Ctrl-C stops it. */
const keep = process.argv.includes("--keep");
const root = fileURLToPath(new URL("../..", import.meta.url));

const firstNames = ["Jane", "Li", "Rahim", "Maria", "Ahmed", "Sofia", "Kenji", "Olga", "Carlos", "Fatima", "Lukas", "Aisha", "Tom", "Priya", "Noah", "Elif"];
const lastNames = ["Roe", "Wei", "Uddin", "Garcia", "Khan", "Rossi", "Tanaka", "Ivanova", "Silva", "Begum", "Becker", "Yilmaz", "Smith", "Patel", "Dubois", "Novak"];
const companies = ["Harbour Trading", "Nordic Apparel", "Acme Buying", "Lumen Retail", "Baltic Wholesale", "Sierra Imports", "Kumo Textiles", "Atlas Distribution", "Verde Home", "Orion Sports"];
const countries = ["DE", "US", "GB", "FR", "JP", "CN", "IT", "ES", "NL", "SE", "TR", "AE", "CA", "AU", "PL"];
const products = ["denim jackets", "knitted sweaters", "cotton t-shirts", "polo shirts", "jute bags", "leather wallets", "bath towels", "bed linen", "woven shirts", "sportswear"];
const words = ("price sample order delivery quality certificate merino cotton organic recycled shipment container fob lead time moq colour " +
  "size label packing audit compliance factory visit invoice payment discount season spring summer autumn winter collection").split(" ");
const positions = ["Merchandiser", "QC Inspector", "Designer", "Compliance Auditor", "Accountant", "Sales Executive"];
const statusesByForm = { contact: ["in_progress", "answered", "closed"], quote: ["quoted", "won", "lost"], career: ["shortlisted", "interviewed", "hired", "rejected"] };

let seed = 42;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const pick = (list) => list[Math.floor(random() * list.length)];
const sentence = (n) => Array.from({ length: n }, () => pick(words)).join(" ");
/** A quote's product in the stored shape (app/lib/contracts/leads.ts): numbers as numbers. */
const product = () => ({ product: pick(products), quantity: 500 * (1 + Math.floor(random() * 20)), colours: 1 + Math.floor(random() * 4), sizes: "S-XL", targetPrice: "", currency: "USD", notes: "" });

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

async function fill(url) {
  const client = new pg.Client(url);
  await client.connect();
  const eml = Buffer.alloc(1500, "x");
  for (let start = 0; start < leadCount; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, leadCount - start) }, (_, j) => generatedLead(start + j));
    if (start === 0) knownEmail = batch[123].fields.email;
    await client.query(
      `insert into leads (form, fields, eml, received_at, status, assignee_id)
       select form, fields, $1::bytea, received_at, status, assignee_id
       from jsonb_to_recordset($2::jsonb) as t (form text, fields jsonb, received_at timestamptz, status text, assignee_id text)`,
      [eml, JSON.stringify(batch.map((l, j) => ({ form: l.form, fields: l.fields, received_at: l.receivedAt, status: l.status, assignee_id: (start + j) % 5 === 0 ? "u-sales" : null })))],
    );
  }
  // Leads past "new" were answered (outside the desk, as before issue 45): only the others wait for us.
  await client.query("update leads set awaiting_since = null where status <> 'new'");
  // One lead with a long conversation: 50 messages (25 each way, a file on every fifth) and 10 notes.
  const { rows: [talk] } = await client.query("select id from leads where form = 'quote' order by id limit 1");
  conversationLead = Number(talk.id);
  for (let m = 0; m < 50; m++) {
    const { rows: [message] } = await client.query(
      `insert into lead_messages (lead_id, direction, message_id, from_address, to_address, subject, body, sent_by_id, sent_by_name, at)
       values ($1, $2, $3, 'a@b.example', 'c@d.example', 'Re: denim jackets [Q-2025-00001]', $4, $5, $6, now() - make_interval(hours => $7)) returning id`,
      [conversationLead, m % 2 ? "in" : "out", `<bench-${m}@bench.example>`, sentence(120), m % 2 ? null : "u-sales", m % 2 ? null : "Sam Sales", 50 - m],
    );
    if (m % 5 === 0) {
      await client.query(
        "insert into lead_files (lead_id, role, position, filename, content_type, content, message_id) values ($1, 'attachment', 0, 'spec.pdf', 'application/pdf', $2, $3)",
        [conversationLead, Buffer.alloc(200_000, "p"), message.id],
      );
    }
  }
  for (let n = 0; n < 10; n++) {
    await client.query("insert into lead_events (lead_id, actor_id, actor_name, kind, body) values ($1, 'u-sales', 'Sam Sales', 'note', $2)", [conversationLead, sentence(30)]);
  }
  // What autovacuum does to a table after a load: statistics, and the visibility map that lets a
  // count read the index alone.
  await client.query("vacuum analyze leads");
  await client.query("vacuum analyze lead_messages");
  await client.query("vacuum analyze lead_files");
  const { rows } = await client.query("select pg_size_pretty(pg_total_relation_size('leads')) as size, pg_size_pretty(pg_relation_size('leads_search')) as search_index");
  await client.end();
  return rows[0];
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
const postgres = await startTestPostgres();
try {
  await build({
    stdin: {
      contents: `export { openLeadsDatabase } from "./server/leads/db.ts"; export * from "./server/leads/inbox.ts"; export { leadMessagesOf } from "./server/leads/conversations.ts"; export { exportCsv } from "./server/staff/inbox/csv-export.ts"; export { leadTypesFor } from "./server/staff/roles.ts";`,
      resolveDir: root,
      loader: "ts",
    },
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    outfile: join(out, "inbox.mjs"),
    logLevel: "error",
  });
  const { openLeadsDatabase, listLeads, countNew, exportCsv, leadTypesFor, listWaiting, getLead, leadMessagesOf } = await import(pathToFileURL(join(out, "inbox.mjs")).href);
  const leads = await openLeadsDatabase({ databaseUrl: postgres.url }, join(root, "server/leads/migrations"));
  const fillStart = performance.now();
  const size = await fill(postgres.url);
  console.log(`${leadCount.toLocaleString("en")} leads written in ${((performance.now() - fillStart) / 1000).toFixed(1)} s (table with indexes ${size.size}, search index ${size.search_index}); ${runs} runs each after 3 warm-ups\n`);

  const db = leads.db;
  const list = (role, filter, page = 1) => () => listLeads(db, { types: leadTypesFor(role), staffId: "u-bench", filter, page });
  const cases = [
    ["list, newest first (admin: every type), page 1", list("admin", {})],
    ["list, sales (contact + quote), page 1", list("sales", {})],
    ["list, hr (applications), page 1", list("hr", {})],
    ["list, admin, page 500 (rows 24,951-25,000)", list("admin", {}, 500)],
    ["list, admin, last page", list("admin", {}, Math.ceil(leadCount / 50))],
    ["filter: quote + status new", list("sales", { type: "quote", status: "new" })],
    ["filter: assignee + status new", list("sales", { assignee: "u-sales", status: "new" })],
    ["filter: one month", list("admin", { from: "2025-06-01", to: "2025-06-30" })],
    ["search: a company (\"harbour trading\")", list("admin", { q: "harbour trading" })],
    ["search: an e-mail address (one lead)", () => listLeads(db, { types: leadTypesFor("admin"), staffId: "u-bench", filter: { q: knownEmail } })],
    ["search: a word prefix in messages (\"merin\")", list("admin", { q: "merin" })],
    ["search: two message words (\"organic container\")", list("sales", { q: "organic container" })],
    ["search + filter: \"denim\" in quotes, new, 2025", list("sales", { q: "denim", type: "quote", status: "new", from: "2025-01-01", to: "2025-12-31" })],
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
  for (const [name, run] of cases) {
    const { median, p95, result } = await time(run);
    results.push({ query: name, "median ms": median.toFixed(1), "p95 ms": p95.toFixed(1), matched: result.total });
  }
  console.table(results);

  const exportStart = performance.now();
  let bytes = 0;
  let lines = 0;
  for await (const chunk of exportCsv(db, { types: leadTypesFor("admin"), filter: {}, assigneeName: (id) => id })) {
    bytes += Buffer.byteLength(chunk);
    lines += chunk.split("\r\n").length - 1;
  }
  console.log(`\nCSV export, every lead (admin, no filter): ${lines - 1} rows, ${(bytes / 1e6).toFixed(1)} MB in ${((performance.now() - exportStart) / 1000).toFixed(2)} s`);
  await leads.close();
  if (keep) {
    console.log(`\nPostgreSQL kept at ${postgres.url}; Ctrl-C stops it.`);
    await new Promise((resolve) => process.once("SIGINT", resolve));
  }
} finally {
  await postgres.close();
  await rm(out, { recursive: true, force: true });
}
