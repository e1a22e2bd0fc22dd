import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// eslint.config.js: only app/lib/contracts/environment.server.ts reads process.env.
const eslint = new ESLint();
const problemsOf = async (filePath, code) => {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "no-restricted-properties").map((m) => m.message);
};
const reading = "export const port = process.env.PORT;\n";

describe("the one-environment rule", () => {
  // ESLint loads its plugins and resolvers on the first file: seconds on a busy machine, paid here
  // once rather than inside the first probe's time limit.
  beforeAll(() => problemsOf("app/lib/warm-up.ts", "export const x = 1;\n"), 60_000);

  it.each(["server/probe.ts", "app/lib/probe.ts", "studio/probe.ts", "scripts/build/steps/probe.mjs", "react-router.config.ts", "vite.config.ts"])(
    "refuses process.env in %s, naming the schema module",
    async (file) => {
      const problems = await problemsOf(file, reading);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/app\/lib\/contracts\/environment\.server\.ts/);
    },
  );

  it.each([
    "app/lib/contracts/environment.server.ts",
    "server/probe.test.ts",
    "e2e/probe.spec.ts",
    "scripts/test-setup/probe.mjs",
    "scripts/bench/probe.mjs",
    "playwright.config.ts",
  ])("lets %s read it", async (file) => {
    expect(await problemsOf(file, reading)).toEqual([]);
  });
});
