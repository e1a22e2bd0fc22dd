/** @jsxImportSource hono/jsx */
import { isAPIError } from "better-auth/api";
import type { Context } from "hono";
import { asc, eq } from "drizzle-orm";
import { recordAudit, type AuditAction } from "./audit";
import { isStaffRole } from "./auth";
import { passwordProblem, staffPasswordLength } from "./password-policy";
import type { StaffDesk } from "./desk-context";
import { readPostedForm, textField, trimmedField } from "../platform/form-reader";
import type { StaffEnv } from "./guard";
import { requireStaff } from "./guard";
import { staffPaths } from "../../app/lib/contracts/staff-paths";
import { staffRoles } from "./roles";
import { staffUsers } from "./schema";
import { Button, DataTable, InputField, PostButton, SelectField, roleLabels, staffPage, staffText, type Problem } from "./ui";

const t = staffText.accounts;
const roleOptions = staffRoles.map((role) => ({ value: role, label: roleLabels[role] }));
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Account = typeof staffUsers.$inferSelect;

/** What a 303 back to the list says: `?done=<what>&account=<id>` (never text from the query itself). */
const notices: Record<string, (account: Account) => string> = {
  created: (a) => t.created(a.email),
  role: (a) => t.roleChanged(a.email, roleLabels[isStaffRole(a.role) ? a.role : "sales"]),
  disabled: (a) => t.disabledDone(a.email),
  enabled: (a) => t.enabledDone(a.email),
  password: (a) => t.passwordDone(a.email),
  sessions: (a) => t.revokedDone(a.email),
};

type InviteForm = { name: string; email: string; role: string };

/**
 * /staff/accounts (admin only): every account with its role and state; invite (create with an
 * initial password), change role, disable / enable (disabling signs the person out everywhere),
 * set a new password, sign out everywhere. Each change goes through Better Auth's admin plugin with
 * the administrator's own session (so it checks the role too) and is written to the audit log.
 */
export function accountRoutes(desk: StaffDesk) {
  const { app, auth, db } = desk;
  const admin = requireStaff("admin");

  const listPage = async (c: Context<StaffEnv>, options: { invite?: InviteForm; problems?: Problem[]; notice?: string } = {}) => {
    const staff = c.get("staff")!;
    const accounts = await db.select().from(staffUsers).orderBy(asc(staffUsers.email));
    const invite = options.invite ?? { name: "", email: "", role: "sales" };
    const problem = (id: string) => options.problems?.find((p) => p.fieldId === id)?.message;
    const body = (
      <>
        <DataTable
          caption={t.caption}
          empty={t.empty}
          rows={accounts}
          columns={[
            { header: t.name, rowHeader: true, cell: (a) => a.name },
            { header: t.email, cell: (a) => a.email },
            { header: t.role, cell: (a) => (isStaffRole(a.role) ? roleLabels[a.role] : "—") },
            { header: t.state, cell: (a) => (a.banned ? t.disabled : t.active) },
            { header: t.actions, cell: (a) => (a.id === staff.id ? null : <AccountActions account={a} />) },
          ]}
        />
        <h2 id="invite">{t.invite}</h2>
        <form method="post" action={staffPaths.accounts} novalidate aria-labelledby="invite">
          <InputField name="name" label={t.name} value={invite.name} autocomplete="off" required error={problem("name")} />
          <InputField name="email" type="email" label={t.email} value={invite.email} autocomplete="off" required error={problem("email")} />
          <SelectField name="role" label={t.role} value={invite.role} options={roleOptions} required error={problem("role")} />
          <InputField
            name="password"
            id="initial-password"
            type="password"
            label={t.initialPassword}
            hint={`${t.inviteHint} ${staffText.password.rule(staffPasswordLength.min, staffPasswordLength.max)}`}
            autocomplete="new-password"
            minlength={staffPasswordLength.min}
            required
            error={problem("initial-password")}
          />
          <Button>{t.create}</Button>
        </form>
      </>
    );
    return staffPage({ title: t.title, staff, body, current: staffPaths.accounts, notice: options.notice, problems: options.problems });
  };

  app.get(staffPaths.accounts, admin, async (c) => {
    const done = notices[c.req.query("done") ?? ""];
    const accountId = c.req.query("account");
    const [account] = done && accountId ? await db.select().from(staffUsers).where(eq(staffUsers.id, accountId)) : [];
    return c.html(await listPage(c, { notice: done && account ? done(account) : undefined }));
  });

  app.post(staffPaths.accounts, admin, async (c) => {
    const form = await readPostedForm(c);
    if (!form) return c.text("The form could not be read.", 400);
    const invite = { name: trimmedField(form, "name"), email: trimmedField(form, "email").toLowerCase(), role: trimmedField(form, "role") };
    const password = textField(form, "password") ?? "";
    const problems: Problem[] = [];
    if (!invite.name) problems.push({ fieldId: "name", message: t.missingName });
    if (!emailPattern.test(invite.email)) problems.push({ fieldId: "email", message: t.badEmail });
    if (!isStaffRole(invite.role)) problems.push({ fieldId: "role", message: t.badRole });
    const passwordRefused = await passwordProblem(password, invite);
    if (passwordRefused) problems.push({ fieldId: "initial-password", message: passwordRefused });
    if (!problems.length && (await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, invite.email))).length) {
      problems.push({ fieldId: "email", message: t.taken });
    }
    if (problems.length) return c.html(await listPage(c, { invite, problems }), 422);
    let user;
    try {
      ({ user } = await auth.api.createUser({
        body: { email: invite.email, name: invite.name, password, role: invite.role as "admin" },
        headers: c.req.raw.headers,
      }));
    } catch (error) {
      // Checked above; what Better Auth still refuses (the address taken meanwhile) is said, never a 500.
      if (!isAPIError(error) || error.statusCode >= 500) throw error;
      return c.html(await listPage(c, { invite, problems: [{ message: error.message }] }), 422);
    }
    await recordAudit(db, { actor: c.get("staff")!, action: "account.create", target: `account:${invite.email}`, detail: { role: invite.role } });
    return c.redirect(`${staffPaths.accounts}?done=created&account=${encodeURIComponent(user.id)}`, 303);
  });

  /** One change to one account: refuses your own account (no locking yourself out), records it, 303 back. */
  const change = (
    path: string,
    done: keyof typeof notices,
    action: AuditAction,
    run: (c: Context<StaffEnv>, account: Account, form: FormData) => Promise<Problem | Record<string, unknown> | void>,
  ) =>
    app.post(`${staffPaths.accounts}/:id/${path}`, admin, async (c) => {
      const form = await readPostedForm(c);
      if (!form) return c.text("The form could not be read.", 400);
      const [account] = await db
        .select()
        .from(staffUsers)
        .where(eq(staffUsers.id, c.req.param("id")));
      if (!account) return c.html(await listPage(c, { problems: [{ message: t.unknown }] }), 404);
      if (account.id === c.get("staff")!.id) return c.html(await listPage(c, { problems: [{ message: t.notSelf }] }), 422);
      let outcome;
      try {
        outcome = await run(c, account, form);
      } catch (error) {
        if (!isAPIError(error) || error.statusCode >= 500) throw error;
        outcome = { message: error.message } satisfies Problem;
      }
      if (outcome && "message" in outcome && typeof outcome.message === "string") return c.html(await listPage(c, { problems: [outcome as Problem] }), 422);
      await recordAudit(db, {
        actor: c.get("staff")!,
        action,
        target: `account:${account.email}`,
        detail: (outcome as Record<string, unknown> | undefined) ?? {},
      });
      return c.redirect(`${staffPaths.accounts}?done=${done}&account=${encodeURIComponent(account.id)}`, 303);
    });

  change("role", "role", "account.role", async (c, account, form) => {
    const role = trimmedField(form, "role");
    if (!isStaffRole(role)) return { fieldId: `role-${account.id}`, message: t.badRole };
    await auth.api.setRole({ body: { userId: account.id, role: role as "admin" }, headers: c.req.raw.headers });
    return { from: account.role, to: role };
  });
  change("disable", "disabled", "account.disable", async (c, account) => {
    await auth.api.banUser({ body: { userId: account.id, banReason: "disabled by an administrator" }, headers: c.req.raw.headers });
  });
  change("enable", "enabled", "account.enable", async (c, account) => {
    await auth.api.unbanUser({ body: { userId: account.id }, headers: c.req.raw.headers });
  });
  change("password", "password", "account.password", async (c, account, form) => {
    const newPassword = textField(form, "password") ?? "";
    const refused = await passwordProblem(newPassword, account);
    if (refused) return { fieldId: `password-${account.id}`, message: refused };
    await auth.api.setUserPassword({ body: { userId: account.id, newPassword }, headers: c.req.raw.headers });
    await auth.api.revokeUserSessions({ body: { userId: account.id }, headers: c.req.raw.headers });
    return { by: "administrator" };
  });
  change("sessions", "sessions", "account.sessions-revoked", async (c, account) => {
    await auth.api.revokeUserSessions({ body: { userId: account.id }, headers: c.req.raw.headers });
  });
}

function AccountActions({ account }: { account: Account }) {
  const base = `${staffPaths.accounts}/${encodeURIComponent(account.id)}`;
  const who = account.name || account.email;
  return (
    <div class="actions">
      <form method="post" action={`${base}/role`} class="actions">
        <label for={`role-${account.id}`}>{`${t.role} (${who})`}</label>
        <select id={`role-${account.id}`} name="role">
          {roleOptions.map((option) => (
            <option value={option.value} selected={option.value === account.role}>
              {option.label}
            </option>
          ))}
        </select>
        <Button variant="secondary">{t.setRole}</Button>
      </form>
      {account.banned ? (
        <PostButton action={`${base}/enable`} label={`${t.enable} ${who}`}>
          {t.enable}
        </PostButton>
      ) : (
        <PostButton action={`${base}/disable`} variant="danger" label={`${t.disable} ${who}`}>
          {t.disable}
        </PostButton>
      )}
      <PostButton action={`${base}/sessions`} label={`${t.revokeSessions}: ${who}`}>
        {t.revokeSessions}
      </PostButton>
      <form method="post" action={`${base}/password`} class="actions">
        <label for={`password-${account.id}`}>{`${t.newPassword} (${who})`}</label>
        <input id={`password-${account.id}`} name="password" type="password" autocomplete="new-password" minlength={staffPasswordLength.min} required />
        <Button variant="secondary">{t.resetPassword}</Button>
      </form>
    </div>
  );
}
