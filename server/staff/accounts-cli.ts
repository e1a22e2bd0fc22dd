import type { Database } from "../db/db";
import { recordAudit } from "./audit";
import { createStaffAuth, isStaffRole, staffSecret } from "./auth";
import { passwordProblem } from "./password-policy";
import type { StaffRole } from "./roles";

export type NewAccount = { email: string; name: string; role: StaffRole; password: string };

/**
 * Creates an account without a session (the command line, tests): Better Auth's admin API called
 * on the server with no request is trusted. Recorded in the audit log as done by "system".
 */
export async function addStaffAccount(db: Database, account: NewAccount, secret?: string): Promise<{ id: string }> {
  if (!isStaffRole(account.role)) throw new Error(`--role must be one of admin, sales, hr, editor (not "${account.role}")`);
  const problem = await passwordProblem(account.password, account);
  if (problem) throw new Error(problem);
  const auth = createStaffAuth(db, await staffSecret(db, secret));
  const { user } = await auth.api.createUser({
    body: { email: account.email.trim().toLowerCase(), name: account.name, password: account.password, role: account.role as "admin" },
  });
  await recordAudit(db, { actor: "system", action: "account.create", target: `account:${user.email}`, detail: { role: account.role, by: "command line" } });
  return { id: user.id };
}
