import { existsSync } from "node:fs";
import { relative, resolve } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// Two workers share the test files. Vitest takes the projects in the order of their names ("app",
// "node", then "node-shared": decision 0201) and, in each, starts the files it timed last run longest
// first, but a fresh clone (CI) has no timings: there it starts the larger files first, so a file
// that takes a minute and a half may start last and run alone while the other core idles. These
// files take far longer than the rest (from ≈ 15 s to ≈ 1.5 min each, against a few seconds): they
// start first, slowest first, on every run, whatever their project. A file whose project shares its
// worker's modules (isolate: false) shares them only with the files queued right after it of the
// same project: "node-shared"'s short files come last, together, and none is listed here.
const projectRoot = resolve(import.meta.dirname, "..");

export const slowestTestFiles = [
  // As measured in one full run (2 workers, load ≈ 3–6), slowest first.
  "server/npm-start.test.ts",
  "server/staff/desk.test.ts",
  "server/studio/content-history.test.ts",
  "server/site/quotation-page.test.ts",
  "server/leads/store.test.ts",
  "server/staff/quotations/pipeline.test.ts",
  "server/intake/quote.test.ts",
  "server/mail/inbound/imap-reader.test.ts",
  "app/lib/photos/photo-pipeline.server.test.ts",
  "server/leads/references-migration.test.ts",
  "server/staff/quotations/quotation-desk.test.ts",
  "server/staff/inbox/inbox-queries.test.ts",
  "server/db/pglite-thread.test.ts",
];

// A renamed or removed file would quietly fall back to the default order: say so instead.
const missing = slowestTestFiles.filter((path) => !existsSync(resolve(projectRoot, path)));
if (missing.length) throw new Error(`test-support/slowest-first.ts lists test files that do not exist: ${missing.join(", ")}`);

/** Vitest's order (last run's timings, else file size), with the files above first, in their order. */
export class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = slowestTestFiles.indexOf(relative(projectRoot, spec.moduleId));
      return index === -1 ? slowestTestFiles.length : index;
    };
    // Array.prototype.sort is stable: the other files keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
