// Fills the leads database of a staff desk e2e server before the server opens it (the embedded
// database is one process's): the accounts and leads of staff-e2e-data.ts. Reads the database from
// the environment as the server does (DATABASE_URL, else DATA_DIR), like `npm run staff:add`.
//
// Run by staff-e2e-servers.mjs: `node --import tsx scripts/test-setup/staff-e2e-seed.ts`; with
// `--content-history` (e2e/studio-history.spec.ts) also the old saves of historyE2eRetention.
import { readEnvironment } from "../../app/lib/contracts/environment.server";
import { openLeadsDatabase } from "../../server/db/db";
import { leadsConfigFrom } from "../../server/leads/start";
import { addStaffAccount } from "../../server/staff/accounts-cli";
import { eq } from "drizzle-orm";
import { recordRevision } from "../../server/leads/content-history";
import { contentRevisions } from "../../server/db/schema";
import { insertLead } from "../../test-support/leads";
import { historyE2eRetention, receivedDaysAgo, staffE2eAccounts, staffE2eLeads, staffE2ePassword } from "./staff-e2e-data";

const leads = await openLeadsDatabase(leadsConfigFrom(readEnvironment()).database);
try {
  for (const account of Object.values(staffE2eAccounts)) await addStaffAccount(leads.db, { ...account, password: staffE2ePassword });
  const now = Date.now();
  for (const lead of Object.values(staffE2eLeads)) {
    const reference = "reference" in lead ? lead.reference : null;
    await insertLead(leads.db, { form: lead.form, fields: lead.fields, status: lead.status, reference, receivedAt: receivedDaysAgo(lead.daysAgo, now) });
  }
  if (process.argv.includes("--content-history")) {
    const { entry, saves } = historyE2eRetention;
    for (const save of saves) {
      const { id } = await recordRevision(leads.db, {
        actor: { name: save.actor },
        entry,
        action: "update",
        files: [{ path: `content/faq/${entry.slug}.mdoc`, before: { text: save.before }, after: { text: save.after } }],
        audit: { action: "content.save", detail: { entry: entry.slug, action: "update", files: 1 } },
      });
      await leads.db
        .update(contentRevisions)
        .set({ at: receivedDaysAgo(save.daysAgo, now) })
        .where(eq(contentRevisions.id, id));
    }
  }
} finally {
  await leads.close();
}
