// `npm run bench:quotation-pdf`: how long the server takes to render a 20-line quotation PDF (issue
// 46): the median (and 95th percentile) of 20 renders after 3 warm-ups. A benchmark, not a test: the
// figures depend on the machine. Usage: npm run bench:quotation-pdf [-- --lines=20 --runs=20]
//
// The TypeScript (server/staff/quotations/quotation-pdf.ts) is bundled with esbuild first, so what is timed is
// the code the server runs: pdfkit with Noto Sans embedded, the letterhead with the site's logo.
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const lineCount = arg("lines", 20);
const runs = arg("runs", 20);
const root = fileURLToPath(new URL("../..", import.meta.url));

// Inside the project, so the bundle finds its packages in node_modules.
await mkdir(join(root, "node_modules/.cache"), { recursive: true });
const dir = await mkdtemp(join(root, "node_modules/.cache/bench-quotation-pdf-"));
try {
  const outfile = join(dir, "quotation-pdf.mjs");
  await build({
    entryPoints: [join(root, "server/staff/quotations/quotation-pdf.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    logLevel: "error",
  });
  const { renderQuotationPdf } = await import(pathToFileURL(outfile).href);
  const logo = await readFile(join(root, "public/icons/icon-512.png"));
  const currencies = ["USD", "EUR", "BDT"];
  const quotation = {
    letterhead: {
      name: "SSL Global Sourcing Ltd.",
      tagline: "100% Export Oriented Company",
      address: "House 10, Road 7, Sector 4, Uttara, Dhaka-1230, Bangladesh",
      email: "info@example.com",
      phone: "+880 1700-000000",
      website: "www.example.com",
    },
    reference: "Q-2026-00042",
    version: 2,
    issuedOn: new Date("2026-11-28T10:00:00Z"),
    buyer: { name: "Łukasz Müller", company: "Harbour Trading GmbH", country: "Germany" },
    terms: {
      incoterm: "FOB",
      namedPlace: "Chittagong",
      paymentTerms: "30% advance by T/T, 70% against the copy of the shipping documents.",
      leadTime: "Shipment in March 2027",
      validUntil: "2026-12-28",
      sampleTerms: "Samples within 10 working days.",
      terms: "Prices per piece.",
    },
    lines: Array.from({ length: lineCount }, (_, i) => ({
      productRef: "",
      product: `Product ${i + 1}: knitted sweater, crew neck`,
      quantity: 500 + 100 * i,
      colours: 1 + (i % 4),
      sizes: "S-XXL",
      unitPriceMinor: BigInt(450 + 37 * i),
      currency: currencies[i % currencies.length],
      notes: "100% cotton, 12 GG, 320 GSM; folded, polybagged, 12 pieces to a carton",
    })),
  };
  const times = [];
  let bytes = 0;
  for (let i = 0; i < runs + 3; i++) {
    const start = performance.now();
    const pdf = await renderQuotationPdf(quotation, { logo });
    const ms = performance.now() - start;
    bytes = pdf.length;
    if (i >= 3) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  console.log(
    `quotation PDF, ${lineCount} lines (${(bytes / 1024).toFixed(0)} kB): median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms over ${runs} renders`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
