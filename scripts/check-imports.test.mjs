import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkImports } from "./check-imports.mjs";

// The import graph's rules (decision 0082), on this project and on a small one made to break each.

describe("the import graph", () => {
  it("of this project keeps every rule: no cycle, server/ reaches app/ only through the contracts, no upward reach", async () => {
    const { problems, modules } = await checkImports();
    expect(problems).toEqual([]);
    expect(modules).toBeGreaterThan(500);
  }, 60_000);

  const probes = [];
  afterAll(() => Promise.all(probes.map((dir) => rm(dir, { recursive: true, force: true }))));

  /** A project of these files, cruised as this one is. */
  async function cruiseProject(files) {
    const dir = await mkdtemp(join(tmpdir(), "ssl-import-probe-"));
    probes.push(dir);
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), text);
    }
    return checkImports({
      baseDir: dir,
      files: Object.keys(files).filter((f) => !f.includes("/") || /^(server|app|studio|scripts|test-support)\//.test(f)),
      tsConfig: null,
    });
  }

  it("fails on a cycle (type-only imports too), on a reach it makes indirectly, and on server/ importing the studio's schema outside server/studio", async () => {
    const { problems } = await cruiseProject({
      "server/a.ts": 'import { b } from "./b";\nexport const a = () => b;\n',
      "server/b.ts": 'import type { A } from "./types";\nexport const b: A = 1;\n',
      "server/types.ts": 'import { a } from "./a";\nexport type A = ReturnType<typeof a> extends number ? number : number;\n',
      // server/ production code → a helper → scripts/
      "server/leads.ts": 'import { helper } from "./helper";\nexport const leads = helper;\n',
      "server/helper.ts": 'import { tool } from "../scripts/tool.mjs";\nexport const helper = tool;\n',
      "scripts/tool.mjs": "export const tool = 1;\n",
      // studio/ → the contracts → server/
      "studio/badge.tsx": 'import { shared } from "../app/lib/contracts/shared";\nexport const badge = shared;\n',
      "app/lib/contracts/shared.ts": 'import { y } from "../../../server/y";\nexport const shared = y;\n',
      "server/y.ts": "export const y = 1;\n",
      // server/ → the contracts (allowed directly) → app/content (not allowed at all)
      "server/page.ts": 'import { c } from "../app/lib/contracts/c";\nexport const page = c;\n',
      "app/lib/contracts/c.ts": 'import { d } from "../../content/d";\nexport const c = d;\n',
      "app/content/d.ts": "export const d = 1;\n",
      // The declared exception, and the same import from elsewhere in server/.
      "server/studio/studio-config.ts": 'import config from "../../keystatic.config";\nexport const studioConfig = config;\n',
      "keystatic.config.ts": 'import { schema } from "./app/content/studio/schema";\nexport default schema;\n',
      "app/content/studio/schema.ts": "export const schema = 1;\n",
      "server/other.ts": 'import config from "../keystatic.config";\nexport const other = config;\n',
      // Tests may use the tooling.
      "server/leads.test.ts": 'import { t } from "../test-support/t";\nexport const x = t;\n',
      "test-support/t.ts": "export const t = 1;\n",
    });
    const named = (rule) => problems.filter((p) => p.startsWith(`${rule}:`));
    expect(named("no-cycle").join("\n")).toMatch(/server\/(a|b|types)\.ts → .*server\/(a|b|types)\.ts/);
    expect(named("server-not-to-tooling")).toEqual(
      expect.arrayContaining([expect.stringMatching(/^server-not-to-tooling: server\/leads\.ts → .*scripts\/tool\.mjs$/)]),
    );
    expect(named("server-not-to-tooling").join("\n")).not.toMatch(/test-support/);
    expect(named("studio-not-to-server")).toEqual([expect.stringMatching(/^studio-not-to-server: studio\/badge\.tsx → .*server\/y\.ts$/)]);
    expect(named("server-to-app-only-contracts")).toEqual(["server-to-app-only-contracts: server/other.ts → keystatic.config.ts"]);
    const reaches = named("server-reaches-app");
    expect(reaches).toContain("server-reaches-app: server/page.ts → app/lib/contracts/c.ts → app/content/d.ts");
    expect(reaches).toContain("server-reaches-app: server/other.ts → keystatic.config.ts");
    expect(reaches.join("\n")).not.toMatch(/studio-config/);
  }, 60_000);

  it("passes a project that keeps the rules", async () => {
    const { problems } = await cruiseProject({
      "server/platform/reader.ts": 'import { limit } from "../../app/lib/contracts/limits";\nexport const read = limit;\n',
      "app/lib/contracts/limits.ts": "export const limit = 1;\n",
      "server/leads/store.ts": 'import { read } from "../platform/reader";\nexport const store = read;\n',
      "server/studio/studio-config.ts": 'import config from "../../keystatic.config";\nexport const studioConfig = config;\n',
      "server/app.ts":
        'import { store } from "./leads/store";\nimport { studioConfig } from "./studio/studio-config";\nexport const app = [store, studioConfig];\n',
      "keystatic.config.ts": 'import { schema } from "./app/content/studio/schema";\nexport default schema;\n',
      "app/content/studio/schema.ts": "export const schema = 1;\n",
      "studio/main.tsx": 'import config from "../keystatic.config";\nexport const main = config;\n',
    });
    expect(problems).toEqual([]);
  }, 60_000);
});
