// `npm run build:test-sites`: the two sites the end-to-end runs serve, built before they start —
// the fixture content's (e2e, playwright.config.ts's BUILD_DIR) and the staff-edited copy of
// content/ (scripts/test-setup/staff-edits.mjs --build-only). `npm test` runs this beside the
// company's own `npm run build`: a site build keeps about one core busy, so the two lanes share the
// machine's two (decision 0118). Run alone, it is what the e2e server and the staff-edit check
// would otherwise build on their way.
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";

const projectDir = resolve(import.meta.dirname, "../..");

function run(label, command, args, env = process.env) {
  const started = Date.now();
  const { status } = spawnSync(command, args, { cwd: projectDir, stdio: "inherit", env });
  console.log(`${label}: ${status === 0 ? "built" : "failed"} in ${Math.round((Date.now() - started) / 1000)} s`);
  if (status !== 0) process.exit(status ?? 1);
}

// The same folders playwright.config.ts gives the e2e server; its start finds the build up to date.
run("fixture site", "npm", ["run", "build:site"], { ...process.env, CONTENT_DIR: resolve(projectDir, "fixtures/content"), BUILD_DIR: ".test-builds/fixture" });
run("staff-edited site", process.execPath, ["scripts/test-setup/staff-edits.mjs", "--build-only"]);
