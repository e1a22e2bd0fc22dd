// The time from "Restore this version" in the content history (decision 0094) to the public page showing
// the old text again: `npm start`'s server with publishing on temp copies of the content and build
// (scripts/test-setup/studio-server.mjs), the staff desk's e2e accounts seeded into its own
// embedded database. Each round: an admin's save changes the head office's phone (published), then
// the admin restores the version before it; the time runs from the Restore post until /contact
// serves the old number. Prints each round and the median of 5 (RESTORE_BENCH_ROUNDS).
//
//   node scripts/bench/bench-restore.mjs      (needs `npm run build`; BUILD_DIR and CONTENT_DIR as for npm start)
import { readFile, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "yaml";
import { seededDataDir, startStudioServer } from "../test-setup/studio-server.mjs";

const rounds = Number(process.env.RESTORE_BENCH_ROUNDS ?? 5);
const admin = { email: "admin@example.com", password: "correct horse battery staple" };

const dataDir = await seededDataDir();
const server = await startStudioServer({ DATA_DIR: dataDir, DATABASE_URL: "" });

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
let cookie = "";
/** A request as the admin's browser sends it: the session cookie, and this site as Origin on a post. */
async function request(path, init = {}) {
  const headers = new Headers(init.headers);
  if (cookie) headers.set("cookie", cookie);
  if (init.method === "POST") headers.set("origin", server.origin);
  const response = await fetch(`${server.origin}${path}`, { ...init, headers, redirect: "manual" });
  const session = response.headers.getSetCookie().find((c) => c.startsWith("ssl-staff.session_token="));
  if (session) cookie = session.split(";")[0];
  return response;
}

/** Waits until /contact serves `text`; the time it took, from `since`. */
async function contactShows(text, since, timeoutMs = 300_000) {
  for (;;) {
    const html = await (await request("/contact")).text();
    if (html.includes(text)) return performance.now() - since;
    if (performance.now() - since > timeoutMs) throw new Error(`/contact did not show ${text} within ${timeoutMs / 1000} s:\n${server.log().slice(-2000)}`);
    await sleep(100);
  }
}

async function headOffice() {
  const dir = join(server.contentDir, "offices");
  for (const name of (await readdir(dir)).sort()) {
    const text = await readFile(join(dir, name), "utf8");
    const office = parse(text);
    if (office.isHeadOffice) return { path: `content/offices/${name}`, text, phone: office.phone };
  }
  throw new Error("no head office in the content");
}

try {
  const signIn = await request("/staff/sign-in", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...admin, next: "/staff" }),
  });
  if (signIn.status !== 303 || !cookie) throw new Error(`sign-in failed (${signIn.status})`);
  const times = [];
  for (let round = 1; round <= rounds; round++) {
    const office = await headOffice();
    const phone = `+880 1711-5${String(round).padStart(5, "0")}`;
    const changed = office.text.replace(/^phone: .*$/m, `phone: ${phone}`);
    const save = await request("/api/keystatic/update", {
      method: "POST",
      headers: { "no-cors": "1", "content-type": "application/json" },
      body: JSON.stringify({ additions: [{ path: office.path, contents: Buffer.from(changed).toString("base64url") }], deletions: [] }),
    });
    if (save.status !== 200) throw new Error(`the save failed (${save.status}): ${await save.text()}`);
    await contactShows(phone, performance.now());
    const history = await (await request("/staff/history")).text();
    const revision = /href="\/staff\/history\/(\d+)"/.exec(history)?.[1];
    if (!revision) throw new Error("the save is not in the history");
    const started = performance.now();
    const restore = await request(`/staff/history/${revision}/restore`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    if (restore.status !== 303) throw new Error(`Restore failed (${restore.status}): ${await restore.text()}`);
    const ms = await contactShows(office.phone, started);
    times.push(ms);
    console.log(`round ${round}: Restore → /contact shows ${office.phone} in ${(ms / 1000).toFixed(1)} s`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `restore → page shows the old text: median of ${rounds} ${(sorted[Math.floor(sorted.length / 2)] / 1000).toFixed(1)} s (min ${(sorted[0] / 1000).toFixed(1)} s, max ${(sorted.at(-1) / 1000).toFixed(1)} s)`,
  );
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
