// Publish latency: saves the head office phone number five times through the studio's API (the
// same request the studio's Save button sends) and times each save until the new number is in the
// footer of `/` served by the server. Runs against temp copies (scripts/test-setup/studio-server.mjs) after
// `npm run build`. Prints the figures; asserts nothing.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { startStudioServer } from "../test-setup/studio-server.mjs";

const runs = Number(process.argv[2] ?? 5);
const file = "content/offices/bangladesh.yaml";
const server = await startStudioServer();
const results = [];
try {
  for (let run = 1; run <= runs; run++) {
    const phone = `+880 1711-00${String(run).padStart(2, "0")}${String(Date.now()).slice(-2)}`;
    const current = await readFile(join(server.contentDir, "offices/bangladesh.yaml"), "utf8");
    const next = current.replace(/^phone: .*$/m, `phone: ${phone}`);
    const savedAt = Date.now();
    const response = await fetch(`${server.origin}/api/keystatic/update`, {
      method: "POST",
      headers: { "no-cors": "1", "content-type": "application/json" },
      body: JSON.stringify({ additions: [{ path: file, contents: Buffer.from(next).toString("base64url") }], deletions: [] }),
    });
    if (!response.ok) throw new Error(`save failed: ${response.status} ${await response.text()}\n${server.log().slice(-3000)}`);
    for (;;) {
      const html = await (await fetch(`${server.origin}/`)).text();
      if (html.includes(phone)) break;
      if (Date.now() - savedAt > 180_000) throw new Error(`not published after 180 s:\n${server.log().slice(-2000)}`);
      await new Promise((wait) => setTimeout(wait, 250));
    }
    const seconds = (Date.now() - savedAt) / 1000;
    let status;
    do status = await (await fetch(`${server.origin}/keystatic/status.json`)).json();
    while (!status.last || Date.parse(status.last.finishedAt) < savedAt);
    results.push(seconds);
    const precompressed = status.last.output.match(/^precompress: .*$/m)?.[0] ?? "precompress: not in the output";
    console.log(`run ${run}: save → visible on / in ${seconds.toFixed(1)} s (build ${(status.last.durationMs / 1000).toFixed(1)} s; ${precompressed})`);
  }
} finally {
  await server.stop();
}
const sorted = [...results].sort((a, b) => a - b);
console.log(
  `publish latency over ${runs} saves: median ${sorted[Math.floor(runs / 2)].toFixed(1)} s, min ${sorted[0].toFixed(1)} s, max ${sorted.at(-1).toFixed(1)} s`,
);
