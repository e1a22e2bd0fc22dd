import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempBuild } from "../temp-build.mjs";
import { securityConfig } from "./security-config.mjs";

let build;
afterEach(() => build?.remove());

const sha256 = (text) => `sha256-${createHash("sha256").update(text).digest("base64")}`;

describe("security-config step", () => {
  it("hashes the pages as the steps before left them, not as they were rendered", async () => {
    build = await tempBuild({ "index.html": "<script>rendered()</script>", "logo.svg": "<svg/>" });
    build.files.setText("index.html", "<style>main{margin:0}</style><script>rewritten()</script>");
    await securityConfig.run(build);
    const hashes = JSON.parse(await readFile(join(build.buildDir, "security/csp-hashes.json"), "utf8"));
    expect(hashes).toEqual({ "/index.html": { scripts: [sha256("rewritten()")], styles: [sha256("main{margin:0}")] } });
    expect(await readFile(join(build.buildDir, "nginx/security-headers.conf"), "utf8")).toContain("add_header");
  });
});
