import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The layer rule of eslint.config.js, tried on imports a change could add.
const eslint = new ESLint();
const problemsOf = async (filePath, code) => {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "import-x/no-restricted-paths").map((m) => m.message);
};

describe("the layer rule", () => {
  it.each([
    ["app/lib/probe.ts", 'import { FaqSection } from "~/features/faq/faq-section";\nexport const x = FaqSection;\n', /app\/lib is below app\/features/],
    ["app/content/probe.ts", 'import { pageMeta } from "../lib/seo";\nexport const x = pageMeta;\n', /app\/content is below app\/lib/],
    ["app/components/probe.ts", 'import { ContactForm } from "~/features/forms";\nexport const x = ContactForm;\n', /app\/components is below app\/features/],
    ["app/features/faq/probe.ts", 'import { ContactForm } from "../forms";\nexport const x = ContactForm;\n', /A feature never imports another feature/],
    ["server/probe.ts", 'import { pages } from "../app/content/pages";\nexport const x = pages;\n', /server\/ takes from app\/ only the contracts/],
    ["server/probe.ts", 'import { siteUrl } from "../app/lib/site-url";\nexport const x = siteUrl;\n', /server\/ takes from app\/ only the contracts/],
  ])("refuses an import against the direction in %s", async (file, code, message) => {
    const problems = await problemsOf(file, code);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it.each([
    ["server/probe.ts", 'import { localMailIds } from "../app/lib/contracts/form-endpoint";\nexport const x = localMailIds;\n'],
    ["server/probe.ts", 'import { createPdf } from "../app/lib/pdf/pdf-document.server";\nexport const x = createPdf;\n'],
    ["app/content/probe.ts", 'import { business } from "../lib/contracts/constants";\nexport const x = business;\n'],
    ["app/features/faq/probe.ts", 'import { faq } from "~/content/faq";\nimport { Dialog } from "~/components/dialog/dialog";\nexport const x = [faq, Dialog];\n'],
  ])("lets %s import from below", async (file, code) => {
    expect(await problemsOf(file, code)).toEqual([]);
  });
});
