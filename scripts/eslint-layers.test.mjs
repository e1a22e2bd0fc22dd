import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// The layer rule of eslint.config.js, tried on imports a change could add.
const eslint = new ESLint();
const problemsOf = async (filePath, code) => {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "import-x/no-restricted-paths").map((m) => m.message);
};

describe("the layer rule", { timeout: 30_000 }, () => {
  // ESLint loads its plugins and resolvers on the first file: seconds on a busy machine, paid here
  // once rather than inside the first probe's time limit.
  beforeAll(() => problemsOf("app/lib/warm-up.ts", "export const x = 1;\n"), 60_000);

  it.each([
    ["app/lib/probe.ts", 'import { FaqSection } from "~/features/faq/faq-section";\nexport const x = FaqSection;\n', /app\/lib is below app\/features/],
    ["app/content/probe.ts", 'import { pageMeta } from "../lib/seo";\nexport const x = pageMeta;\n', /app\/content is below app\/lib/],
    ["app/components/probe.ts", 'import { ContactForm } from "~/features/forms";\nexport const x = ContactForm;\n', /app\/components is below app\/features/],
    ["app/features/faq/probe.ts", 'import { ContactForm } from "../forms";\nexport const x = ContactForm;\n', /A feature never imports another feature/],
    ["server/probe.ts", 'import { pages } from "../app/content/pages";\nexport const x = pages;\n', /server\/ takes from app\/ only the contracts/],
    ["server/probe.ts", 'import { siteUrl } from "../app/lib/site-url";\nexport const x = siteUrl;\n', /server\/ takes from app\/ only the contracts/],
    // The layers of server/ (decision 0082).
    ["server/platform/probe.ts", 'import { rows } from "../db/db";\nexport const x = rows;\n', /server\/platform is below server\/db/],
    ["server/db/probe.ts", 'import { LeadStore } from "../leads/store";\nexport const x = LeadStore;\n', /server\/db is below server\/leads/],
    ["server/leads/probe.ts", 'import { MailRelay } from "../mail/relay";\nexport const x = MailRelay;\n', /server\/leads is below server\/mail/],
    ["server/leads/probe.ts", 'import { leadTypesFor } from "../staff/roles";\nexport const x = leadTypesFor;\n', /server\/leads is below server\/staff/],
    ["server/mail/probe.ts", 'import { createIntake } from "../intake/intake";\nexport const x = createIntake;\n', /server\/mail is below server\/intake/],
    ["server/intake/probe.ts", 'import { staffRoles } from "../staff/roles";\nexport const x = staffRoles;\n', /server\/intake never imports server\/staff/],
    [
      "server/staff/probe.ts",
      'import { createIntake } from "../intake/intake";\nexport const x = createIntake;\n',
      /server\/staff never imports server\/intake/,
    ],
    ["server/site/probe.ts", 'import { createIntake } from "../intake/intake";\nexport const x = createIntake;\n', /server\/site never imports server\/intake/],
    [
      "server/platform/probe.ts",
      'import { composeQuoteNotification } from "../mail/quote-mails";\nexport const x = composeQuoteNotification;\n',
      /server\/platform is below server\/mail/,
    ],
    ["server/staff/inbox/probe.ts", 'import { createApp } from "../../app";\nexport const x = createApp;\n', /server\/staff is below server\/app.ts/],
    [
      "server/publish/probe.ts",
      'import { createStudio } from "../studio/studio";\nexport const x = createStudio;\n',
      /server\/publish is below server\/studio/,
    ],
    ["server/app.ts", 'import "./index";\nexport const x = 1;\n', /server\/app.ts is below server\/index.ts/],
    [
      "server/leads/probe.ts",
      'import { freePort } from "../../scripts/test-setup/free-port.mjs";\nexport const x = freePort;\n',
      /server\/ production code never imports scripts\//,
    ],
    [
      "server/intake/probe.ts",
      'import { drivers } from "../../test-support/databases";\nexport const x = drivers;\n',
      /server\/ production code never imports test-support\//,
    ],
    [
      "studio/probe.tsx",
      'import type { PublishState } from "../server/publish/publish-queue";\nexport type X = PublishState;\n',
      /studio\/ never imports server\//,
    ],
  ])("refuses an import against the direction in %s", async (file, code, message) => {
    const problems = await problemsOf(file, code);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it.each([
    ["server/probe.ts", 'import { localMailIds } from "../app/lib/contracts/form-endpoint";\nexport const x = localMailIds;\n'],
    ["server/probe.ts", 'import { formatMoney } from "../app/lib/contracts/money";\nexport const x = formatMoney;\n'],
    ["app/content/probe.ts", 'import { business } from "../lib/contracts/constants";\nexport const x = business;\n'],
    [
      "app/features/faq/probe.ts",
      'import { faq } from "~/content/faq";\nimport { Dialog } from "~/components/dialog/dialog";\nexport const x = [faq, Dialog];\n',
    ],
    ["server/mail/probe.ts", 'import { rows } from "../db/db";\nimport { utcMinute } from "../platform/utc-time";\nexport const x = [rows, utcMinute];\n'],
    [
      "server/staff/inbox/probe.ts",
      'import { composeAssignmentMail } from "../../mail/assignment-mail";\nimport { listLeads } from "../../leads/inbox";\nexport const x = [composeAssignmentMail, listLeads];\n',
    ],
    [
      "server/intake/probe.ts",
      'import { leadKinds } from "../../app/lib/contracts/leads";\nimport { LeadStore } from "../leads/store";\nexport const x = [leadKinds, LeadStore];\n',
    ],
    [
      "server/studio/probe.ts",
      'import { requireStaff } from "../staff/guard";\nimport { publishStatusHtml } from "../publish/status-page";\nexport const x = [requireStaff, publishStatusHtml];\n',
    ],
    // Tests drive the app from the top and use the test support.
    [
      "server/leads/probe.test.ts",
      'import { createApp } from "../app";\nimport { drivers } from "../../test-support/databases";\nexport const x = [createApp, drivers];\n',
    ],
  ])("lets %s import from below", async (file, code) => {
    expect(await problemsOf(file, code)).toEqual([]);
  });
});
