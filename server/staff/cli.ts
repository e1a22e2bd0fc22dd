/**
 * `npm run staff:add -- --email you@example.com --role admin [--name "Your Name"]`: creates a staff
 * account in the leads database the server uses (DATABASE_URL, or DATA_DIR's embedded database:
 * stop the server first, it holds that folder). The password is asked for on the terminal (not
 * echoed), or read from STAFF_PASSWORD for scripts.
 */
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { openLeadsDatabase } from "../db/db";
import { readEnvironment } from "../../app/lib/contracts/environment.server";
import { leadsConfigFrom } from "../leads/start";
import { addStaffAccount } from "./accounts-cli";
import { isStaffRole } from "./auth";
import { passwordProblem, staffPasswordLength } from "./password-policy";
import { staffText } from "./ui/text";

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
  const usage = 'Usage: npm run staff:add -- --email you@example.com --role admin|sales|hr|editor [--name "Your Name"]';
  if (!values.email || !values.role) throw new Error(usage);
  if (!isStaffRole(values.role)) throw new Error(`--role must be admin, sales, hr or editor. ${usage}`);
  const environment = readEnvironment();
  // Said before the database is opened (and before it is typed again); addStaffAccount checks it once more.
  const refuseWeak = async (password: string) => {
    const problem = await passwordProblem(password, { email: values.email, name: values.name });
    if (problem) throw new Error(`${problem} Nothing was created.`);
  };
  let password = environment.STAFF_PASSWORD ?? "";
  if (password) await refuseWeak(password);
  else {
    if (!process.stdin.isTTY) throw new Error("no terminal to ask the password on: set STAFF_PASSWORD for this command");
    password = await askHidden(`Password for ${values.email} (${staffText.password.rule(staffPasswordLength.min, staffPasswordLength.max)}): `);
    await refuseWeak(password);
    const again = await askHidden("The same password again: ");
    if (again !== password) throw new Error("the two passwords differ; nothing was created");
  }
  const config = leadsConfigFrom(environment);
  const leads = await openLeadsDatabase(config.database);
  try {
    await addStaffAccount(
      leads.db,
      { email: values.email, name: values.name ?? values.email.split("@")[0]!, role: values.role, password },
      environment.BETTER_AUTH_SECRET,
    );
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
