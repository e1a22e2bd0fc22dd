// Publish latency: saves the head office phone number five times through the studio's API (the
// same request the studio's Save button sends), as a signed-in editor, and times each save until the
// new number is in the footer of `/` served by the server. With drafts (decision 0159, what
// `npm start` runs: a published tree beside the working copy), each save is published at once from
// "Changes to publish" (the post its Publish ticked button sends), so the figure is save → publish →
// live, printed with publish → live and, beside it, when the preview showed the save. `--direct` runs
// the server without a published tree, where a save publishes itself (the figure before drafts), for
// a comparison on the same machine. Runs against temp copies (scripts/test-setup/studio-server.mjs)
// after `npm run build`, the staff desk's e2e accounts seeded into its own embedded database. Prints
// the figures; asserts nothing.
//
//   npm run bench:publish [-- <runs>] [-- --direct]
//
// Other content, e.g. a copy whose `locales.yaml` lists English only, the other languages' files
// removed (the reader refuses a file no language reads; decision 0160 measured a save in four
// languages beside one so): CONTENT_DIR names the folder the server's temp copy is made from
// (scripts/test-setup/studio-server.mjs); BUILD_DIR, the build it serves until the first save (unset:
// build/). The edit is in every page's footer, so each save's build compresses every page afresh
// whichever build was served before it.
//
//   CONTENT_DIR=/tmp/en/content npm run bench:publish -- 2
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { seededDataDir, startStudioServer } from "../test-setup/studio-server.mjs";

const args = process.argv.slice(2);
const direct = args.includes("--direct");
const runs = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 5);
const file = "content/offices/bangladesh.yaml";
const editor = { email: "editor@example.com", password: "correct horse battery staple" };
// A guard against a save that never shows, not a target: a four-language save on the shared machine
// (load average 22) took longer than 300 s (decision 0160).
const ceilingMs = 900_000;

const dataDir = await seededDataDir();
const server = await startStudioServer({ DATA_DIR: dataDir, DATABASE_URL: "" }, { drafts: !direct });

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
let cookie = "";
/** A request as the editor's browser sends it: the session cookie (per host, so the preview's too), this site as Origin on a post. */
async function request(url, init = {}) {
  const headers = new Headers(init.headers);
  if (cookie) headers.set("cookie", cookie);
  if (init.method === "POST") headers.set("origin", server.origin);
  const response = await fetch(url.startsWith("http") ? url : `${server.origin}${url}`, { ...init, headers, redirect: "manual" });
  const session = response.headers.getSetCookie().find((c) => c.startsWith("ssl-staff.session_token="));
  if (session) cookie = session.split(";")[0];
  return response;
}
const shows = async (url, text) => (await (await request(url)).text()).includes(text);

/** Publishes the head office's draft as "Changes to publish" does when it alone is ticked. */
async function publishOffice() {
  const page = await (await request("/staff/publish")).text();
  const entry = /name="entry" value="([^"]*offices[^"]*bangladesh[^"]*)"/.exec(page)?.[1];
  if (!entry) throw new Error(`the head office is not among the changes to publish:\n${page.slice(0, 3000)}`);
  // The version the page showed (its hidden `seen` field): a publish of anything else is refused.
  const seen = new RegExp(`name="seen" value="(${entry.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} [^"]*)"`).exec(page)?.[1];
  const response = await request("/staff/publish", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ do: "publish", entry: entry.replaceAll("&amp;", "&"), seen: (seen ?? "").replaceAll("&amp;", "&") }),
  });
  if (response.status !== 303) throw new Error(`the publish failed (${response.status}): ${(await response.text()).slice(0, 2000)}`);
}

const results = [];
try {
  const signIn = await request("/staff/sign-in", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...editor, next: "/staff" }),
  });
  if (signIn.status !== 303 || !cookie) throw new Error(`sign-in failed (${signIn.status})`);
  for (let run = 1; run <= runs; run++) {
    const phone = `+880 1711-00${String(run).padStart(2, "0")}${String(Date.now()).slice(-2)}`;
    const current = await readFile(join(server.contentDir, "offices/bangladesh.yaml"), "utf8");
    const next = current.replace(/^phone: .*$/m, `phone: ${phone}`);
    const savedAt = Date.now();
    const response = await request("/api/keystatic/update", {
      method: "POST",
      headers: { "no-cors": "1", "content-type": "application/json" },
      body: JSON.stringify({ additions: [{ path: file, contents: Buffer.from(next).toString("base64url") }], deletions: [] }),
    });
    if (!response.ok) throw new Error(`save failed: ${response.status} ${await response.text()}\n${server.log().slice(-3000)}`);
    let publishedAt = savedAt;
    if (!direct) {
      await publishOffice();
      publishedAt = Date.now();
    }
    let previewSeconds;
    let liveAt;
    for (;;) {
      if (!direct && previewSeconds === undefined && (await shows(`${server.previewOrigin}/`, phone))) previewSeconds = (Date.now() - savedAt) / 1000;
      if (await shows("/", phone)) {
        liveAt = Date.now();
        break;
      }
      if (Date.now() - savedAt > ceilingMs) throw new Error(`not published after ${ceilingMs / 1000} s:\n${server.log().slice(-2000)}`);
      await sleep(250);
    }
    const seconds = (liveAt - savedAt) / 1000;
    let status;
    do status = await (await request("/keystatic/status.json")).json();
    while (!status.last || Date.parse(status.last.finishedAt) < savedAt);
    results.push(seconds);
    const precompressed = status.last.output?.match(/^precompress: .*$/m)?.[0] ?? "precompress: not in the output";
    const drafted = direct
      ? ""
      : `; publish → live ${((liveAt - publishedAt) / 1000).toFixed(1)} s; preview ${previewSeconds === undefined ? "not showing it yet" : `showed it ${previewSeconds.toFixed(1)} s after the save`}`;
    console.log(
      `run ${run}: save → ${direct ? "" : "publish → "}visible on / in ${seconds.toFixed(1)} s (build ${(status.last.durationMs / 1000).toFixed(1)} s; ${precompressed}${drafted})`,
    );
  }
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
const sorted = [...results].sort((a, b) => a - b);
console.log(
  `publish latency (${direct ? "direct: no drafts" : "drafts: save → publish → live"}) over ${runs} saves: median ${sorted[Math.floor(runs / 2)].toFixed(1)} s, min ${sorted[0].toFixed(1)} s, max ${sorted.at(-1).toFixed(1)} s`,
);
