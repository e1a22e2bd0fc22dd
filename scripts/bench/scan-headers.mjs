// `npm run scan:headers`: the MDN HTTP Observatory scanner against deploy/nginx.conf served by real
// nginx on loopback. Over plain HTTP on 127.0.0.1 only `redirection` and `strict-transport-security`
// may fail (they need TLS on a public name; e2e/deploy-nginx.spec.ts checks the TLS server block).
// Exits 1 when any other test fails or the CSP allows anything unsafe.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { startLocalNginxOnFreePorts } from "../../deploy/local-nginx.mjs";
import { startStudioServer } from "../test-setup/studio-server.mjs";

const observatory = "node_modules/@mdn/mdn-http-observatory";
const allowedToFail = new Set(["redirection", "strict-transport-security"]);

if (!existsSync("build/nginx/csp-map.conf")) execFileSync("npm", ["run", "build"], { stdio: "inherit" });
// Its install script (skipped: it downloads from outside) would fetch the HSTS preload list.
await writeFile(`${observatory}/conf/hsts-preload.json`, "{}\n");

// nginx proxies every page to `npm start`'s server (deploy/site.conf): run one (no publishing), and
// nginx in front of it, on loopback ports found free now.
const node = await startStudioServer({ PUBLISH: "0" });
let report;
try {
  const nginx = await startLocalNginxOnFreePorts({ nodePort: node.port });
  try {
    const port = new URL(nginx.httpOrigin).port;
    const output = execFileSync("node", [`${observatory}/src/scan.js`, `127.0.0.1:${port}`], { encoding: "utf8" });
    report = JSON.parse(output);
  } finally {
    await nginx.stop();
  }
} finally {
  await node.stop();
}
if (report.error) {
  console.error(`Observatory scan failed: ${report.error}`);
  process.exit(1);
}

const rows = Object.entries(report.tests).map(([name, test]) => ({
  test: name,
  pass: test.pass,
  result: test.result,
  score: test.scoreModifier,
}));
console.table(rows);
const { grade, score, testsPassed, testsFailed } = report.scan;
console.log(`Grade ${grade}, score ${score}, ${testsPassed} passed, ${testsFailed} failed (over loopback HTTP).`);

const csp = report.tests["content-security-policy"];
const unsafe = Object.entries(csp.policy ?? {})
  .filter(([key, value]) => /^unsafe|insecure/i.test(key) && value === true)
  .map(([key]) => key);
const unexpected = rows.filter((row) => !row.pass && !allowedToFail.has(row.test)).map((row) => row.test);
if (unexpected.length || unsafe.length) {
  console.error(`Unexpected failures: ${[...unexpected, ...unsafe.map((u) => `CSP ${u}`)].join(", ")}`);
  process.exit(1);
}
console.log(`Only ${[...allowedToFail].join(" and ")} may fail here, and nothing else did; the CSP has no unsafe source.`);
