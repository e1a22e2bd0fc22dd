/**
 * `npm run staff:add -- --email you@example.com --role admin [--name "Your Name"]`: creates a staff
 * account in the leads database the server uses (DATABASE_URL, or DATA_DIR's embedded database:
 * stop the server first, it holds that folder). The password is asked for on the terminal (not
 * echoed), or read from STAFF_PASSWORD for scripts.
 */
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { openLeadsDatabase } from "../leads/db";
import { leadsConfigFromEnv } from "../leads/start";
import { addStaffAccount } from "./accounts-cli";
import { minimumPasswordLength } from "./auth";
import { isStaffRole } from "./auth";

function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput: (text: string) => void; output: NodeJS.WriteStream };
    let asked = false;
    output._writeToOutput = (text) => {
      if (!asked) {
        output.output.write(text);
        asked = true;
      }
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
  });
}

async function main() {
  const { values } = parseArgs({ options: { email: { type: "string" }, name: { type: "string" }, role: { type: "string" } } });
  const usage = "Usage: npm run staff:add -- --email you@example.com --role admin|sales|hr|editor [--name \"Your Name\"]";
  if (!values.email || !values.role) throw new Error(usage);
  if (!isStaffRole(values.role)) throw new Error(`--role must be admin, sales, hr or editor. ${usage}`);
  let password = process.env.STAFF_PASSWORD ?? "";
  if (!password) {
    if (!process.stdin.isTTY) throw new Error("no terminal to ask the password on: set STAFF_PASSWORD for this command");
    password = await askHidden(`Password for ${values.email} (at least ${minimumPasswordLength} characters): `);
    const again = await askHidden("The same password again: ");
    if (again !== password) throw new Error("the two passwords differ; nothing was created");
  }
  const config = leadsConfigFromEnv(process.env);
  const leads = await openLeadsDatabase(config.database);
  try {
    await addStaffAccount(leads.db, { email: values.email, name: values.name ?? values.email.split("@")[0]!, role: values.role, password }, process.env.BETTER_AUTH_SECRET || undefined);
    console.log(`Created the ${values.role} account ${values.email} in ${leads.kind} at ${leads.location}. Sign in at /staff.`);
  } finally {
    await leads.close();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`staff:add: ${message}${/in use by another server/.test(message) ? " Stop the server (Ctrl+C), run this command, then start it again." : ""}`);
  process.exit(1);
});
