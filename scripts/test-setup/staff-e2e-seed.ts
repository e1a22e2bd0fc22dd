// Fills the leads database of a staff desk e2e server before the server opens it (the embedded
// database is one process's): the accounts and leads of staff-e2e-data.ts. Reads the database from
// the environment as the server does (DATABASE_URL, else DATA_DIR), like `npm run staff:add`.
//
// Run by staff-e2e-servers.mjs: `node --import tsx scripts/test-setup/staff-e2e-seed.ts`.
import { readEnvironment } from "../../app/lib/contracts/environment.server";
import { openLeadsDatabase } from "../../server/leads/db";
import { leadsConfigFrom } from "../../server/leads/start";
import { addStaffAccount } from "../../server/staff/accounts-cli";
import { insertLead } from "../../test-support/leads";
import { receivedDaysAgo, staffE2eAccounts, staffE2eLeads, staffE2ePassword } from "./staff-e2e-data";

const leads = await openLeadsDatabase(leadsConfigFrom(readEnvironment()).database);
try {
  for (const account of Object.values(staffE2eAccounts)) await addStaffAccount(leads.db, { ...account, password: staffE2ePassword });
  const now = Date.now();
  for (const lead of Object.values(staffE2eLeads)) {
    const reference = "reference" in lead ? lead.reference : null;
    await insertLead(leads.db, { form: lead.form, fields: lead.fields, status: lead.status, reference, receivedAt: receivedDaysAgo(lead.daysAgo, now) });
  }
} finally {
  await leads.close();
}
