// The W3C Nu HTML Checker (npm's vnu-jar, run by Debian's Java) over every prerendered page of a
// build, in one JVM: e2e/html-validity.spec.ts runs it on the build under test (the fixture's, and
// the staff-edit check's), so an HTML error fails `npm test`.
//
//   node scripts/test-setup/html-validator.mjs [client dir]     (default: build/client)
//
// What is checked is the page as built, with one thing left out: the site's stylesheet, inline in
// every page (scripts/build/steps/inline-stylesheets.mjs), is emptied in the copies the checker
// reads. It is the same CSS in every page, Tailwind's output, not markup; the checker's CSS parser
// predates @layer, @property and margin-trim, so all it says about it is noise (its "CSS:" messages
// are set apart below, never counted as HTML errors), and parsing it in every page was over half of
// the run. JVM flags: the client compiler only and the serial collector, for a run of seconds
// (a third of the CPU time of the defaults, measured here); the checker needs a 512 kB thread stack.
import { spawn } from "node:child_process";
import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** vnu-jar's main export is the path of its vnu.jar (its own Java download is never used: allowScripts). */
export const vnuJar = String(createRequire(import.meta.url)("vnu-jar"));

const javaFlags = ["-Xss2m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"];
const inlineStylesheet = /(<style data-href="[^"]*">)[\s\S]*?(<\/style>)/g;

/** Every .html file under `dir`, as paths relative to it (sorted). */
async function htmlFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(".html"))
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

/** The address a page file answers at: `about/index.html` → `/about`, `404.html` → `/404.html`. */
export function pageAddress(file) {
  const path = file.split(sep).join("/");
  return path === "index.html" ? "/" : `/${path.replace(/\/index\.html$/, "")}`;
}

function runJava(args) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn("java", args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
    child.on("error", (error) =>
      reject(
        error.code === "ENOENT"
          ? new Error("java not found: the HTML check needs a Java runtime (scripts/test-setup/install-test-deps.sh installs default-jre-headless)")
          : error,
      ),
    );
    child.on("close", (code) => resolvePromise({ code, stdout, stderr }));
  });
}

/**
 * @typedef {{ page: string, line?: number, column?: number, message: string, extract?: string }} HtmlError
 * @typedef {{ pages: string[], errors: HtmlError[], cssMessages: number, ms: number }} HtmlCheck
 */

/**
 * Checks every `.html` file under `clientDir`. `errors`: the checker's errors about the markup (a
 * "CSS:" message is counted in `cssMessages` instead); `ms`: the whole run, copies included.
 * @param {string} clientDir
 * @returns {Promise<HtmlCheck>}
 */
export async function checkPages(clientDir) {
  const started = performance.now();
  const root = resolve(clientDir);
  const files = await htmlFiles(root);
  if (files.length === 0) throw new Error(`${root}: no .html files (build it first)`);
  const work = await mkdtemp(join(tmpdir(), "ssl-html-check-"));
  try {
    for (const file of files) {
      const html = await readFile(join(root, file), "utf8");
      await mkdir(dirname(join(work, file)), { recursive: true });
      await writeFile(join(work, file), html.replace(inlineStylesheet, "$1$2"));
    }
    const args = [...javaFlags, "-jar", vnuJar, "--errors-only", "--no-langdetect", "--format", "json", "--stdout", ...files.map((f) => join(work, f))];
    const run = await runJava(args);
    /** @type {{ messages?: { type: string, url?: string, lastLine?: number, firstColumn?: number, message: string, extract?: string }[] }} */
    let report;
    try {
      report = JSON.parse(run.stdout);
    } catch {
      throw new Error(`the HTML checker gave no report (exit ${run.code}): ${(run.stderr || run.stdout).slice(0, 2000)}`);
    }
    const messages = report.messages ?? [];
    const pageOf = (url) => (url ? pageAddress(relative(work, fileURLToPath(url))) : "(no page)");
    const isCss = (m) => m.message.startsWith("CSS:");
    return {
      pages: files.map(pageAddress),
      errors: messages
        .filter((m) => m.type !== "info" && !isCss(m))
        .map((m) => ({ page: pageOf(m.url), line: m.lastLine, column: m.firstColumn, message: m.message, ...(m.extract ? { extract: m.extract } : {}) })),
      cssMessages: messages.filter(isCss).length,
      ms: performance.now() - started,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** "/quote: Attribute “placeholder” … (line 1, column 90: `<input …`)" */
export const describeHtmlError = (e) =>
  `${e.page}: ${e.message}${e.line ? ` (line ${e.line}, column ${e.column})` : ""}${e.extract ? `: ${e.extract.trim()}` : ""}`;

/** One line for a log: how many pages, how long, what was set apart. */
export const summarizeHtmlCheck = (check) =>
  `HTML check (W3C Nu HTML Checker): ${check.pages.length} pages in ${(check.ms / 1000).toFixed(1)} s, ${check.errors.length} errors` +
  (check.cssMessages ? ` (${check.cssMessages} messages of its outdated CSS parser set apart)` : "");

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const check = await checkPages(process.argv[2] ?? "build/client");
  for (const error of check.errors) console.log(describeHtmlError(error));
  console.log(summarizeHtmlCheck(check));
  process.exitCode = check.errors.length ? 1 : 0;
}
