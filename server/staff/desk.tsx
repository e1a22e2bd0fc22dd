/** @jsxImportSource hono/jsx */
import { isAPIError } from "better-auth/api";
import { Hono, type Context } from "hono";
import type { Child } from "hono/jsx";
import { clientKey, clientOf, type ProxyTrust } from "../platform/client-address";
import { logLine } from "../platform/log-text";
import { LeadFiles } from "../leads/files";
import type { Database } from "../db/db";
import { mailAddresses, type Addresses } from "../mail/addresses";
import type { ReplyTemplate } from "../../app/lib/contracts/server-settings";
import { readPostedForm, textField, trimmedField as trimmed } from "../platform/form-reader";
import { accountRoutes } from "./accounts";
import { auditRoutes } from "./audit-page";
import { leadDeletionRoutes } from "./lead-deletion";
import { recordAudit } from "./audit";
import { createStaffAuth, staffAccountCount, staffSecret } from "./auth";
import type { StaffApp, StaffDesk } from "./desk-context";
import { forwardCookies, loadStaff, requireStaff, safeNextPath, sameOriginOnly, staffResponseHeaders, type StaffEnv } from "./guard";
import { passwordProblem, staffPasswordLength } from "./password-policy";
import { staffPaths } from "../../app/lib/contracts/staff-paths";
import type { StaffUser } from "./roles";
import { loadShortcuts, shortcutsRoutes } from "./shortcuts";
import { createSignInThrottle, type SignInThrottleOptions } from "./throttle";
import { Button, firstAccountCommand, InputField, navFor, staffCss, staffCssPath, staffPage, staffText, type Problem } from "./ui";

export type { StaffApp, StaffDesk } from "./desk-context";

export type StaffDeskOptions = {
  database: Database;
  /** The leads' files (OBJECT_STORAGE_*: the bucket, decision 0161); default: in the database. */
  files?: LeadFiles;
  /** BETTER_AUTH_SECRET; made once and kept in the database when absent. */
  secret?: string;
  /** TRUSTED_PROXIES: who the client is (throttle, audit) and whether it came over HTTPS. */
  trustedProxies?: ProxyTrust;
  throttle?: SignInThrottleOptions;
  /** MAIL_FROM: the sender of the desk's e-mails (a lead given to someone). None sent without it. */
  mailFrom?: string;
  /** MAIL_TO and QUOTE_MAIL_TO: the company's addresses replies go from (server/mail/replies.ts); MAIL_FROM's defaults without. */
  mailAddresses?: Partial<Addresses>;
  /** The studio's reply templates (the served build's server-settings.json); none without. */
  replyTemplates?: (locale?: string) => Promise<ReplyTemplate[]>;
  /** IMAP_URL is set: the buyer's answers come back to the lead's page. */
  repliesComeBack?: boolean;
  /**
   * DIGEST_TIME_ZONE (config.staff.digest.timeZone): the reports' weeks and working days are cut in
   * it, as the morning digest's. Required, so the server cannot forget to pass the configured zone.
   */
  timeZone: string;
  /** The desk's clock; tests inject one. */
  now?: () => Date;
  /** More staff routes (the inbox), mounted behind the same session loader and CSRF check. */
  routes?: ReadonlyArray<(app: StaffApp, desk: StaffDesk) => void>;
  /** More on the home page, where staff land after signing in (the inbox's new-leads badge). */
  homeSections?: ReadonlyArray<(desk: StaffDesk, staff: StaffUser) => Promise<Child>>;
};

/**
 * The staff desk at /staff (decision 0050): sign-in, sign-out, the home page, accounts and the audit
 * log, server-rendered, no client script. Every route below passes `loadStaff` (who is signed in)
 * and `sameOriginOnly` (CSRF); each page then calls `requireStaff(...roles)`.
 */
export async function createStaffDesk(options: StaffDeskOptions): Promise<StaffDesk> {
  const { database: db, trustedProxies, mailFrom } = options;
  const auth = createStaffAuth(db, await staffSecret(db, options.secret));
  const app: StaffApp = new Hono<StaffEnv>();
  const desk: StaffDesk = {
    app,
    auth,
    db,
    files: options.files ?? new LeadFiles(),
    trustedProxies,
    mail: mailFrom ? { from: mailFrom, relayNow: () => {}, addresses: mailAddresses({ ...options.mailAddresses, from: mailFrom }) } : undefined,
    replyTemplates: options.replyTemplates ?? (async () => []),
    repliesComeBack: options.repliesComeBack ?? false,
    timeZone: options.timeZone,
    now: options.now ?? (() => new Date()),
    throttle: createSignInThrottle(options.throttle),
    clientAddress: (c) => {
      const client = clientOf(c, trustedProxies);
      return client.address ?? client.peer;
    },
  };

  app.get(staffCssPath, (c) => c.body(staffCss, 200, { "Content-Type": "text/css; charset=utf-8", "Cache-Control": "public, max-age=31536000, immutable" }));
  // Who is signed in, and whether they have the single-key shortcuts on (decision 0154), before any page reads either.
  app.use("/staff", loadStaff(auth, trustedProxies), loadShortcuts(db), sameOriginOnly());
  app.use("/staff/*", loadStaff(auth, trustedProxies), loadShortcuts(db), sameOriginOnly());

  app.get(staffPaths.signIn, async (c) => {
    staffResponseHeaders(c);
    const next = safeNextPath(c.req.query("next"));
    if (c.get("staff")) return c.redirect(next, 303);
    const notice = c.req.query("notice") === "signed-out" ? staffText.signIn.signedOut : undefined;
    return c.html(await signInPage(c, { next, notice }));
  });

  app.post(staffPaths.signIn, async (c) => {
    staffResponseHeaders(c);
    // A character no keyboard types (decision 0134) is a failed sign-in like a wrong password: throttled,
    // logged and audited, the form shown again with what was typed.
    const form = await readPostedForm(c, async (context, refused) => {
      const email = trimmed(refused.typed, "email");
      const next = safeNextPath(trimmed(refused.typed, "next"));
      const client = clientKey(context, trustedProxies);
      const wait = desk.throttle.waitSeconds(email, client);
      if (wait > 0) return throttled(context, { next, email, client, wait });
      const fieldId = refused.field === "password" ? "password" : "email";
      return failed(context, {
        next,
        email,
        client,
        reason: "a character no keyboard types",
        problem: { fieldId, message: staffText.signIn.unreadable },
        status: 400,
      });
    });
    if (!form) return c.text("The sign-in form could not be read.", 400);
    const email = trimmed(form, "email");
    const password = textField(form, "password") ?? "";
    const next = safeNextPath(trimmed(form, "next"));
    const problems: Problem[] = [];
    if (!email) problems.push({ fieldId: "email", message: staffText.signIn.missingEmail });
    if (!password) problems.push({ fieldId: "password", message: staffText.signIn.missingPassword });
    if (problems.length) return c.html(await signInPage(c, { next, email, problems }), 422);

    const client = clientKey(c, trustedProxies);
    const wait = desk.throttle.waitSeconds(email, client);
    if (wait > 0) return throttled(c, { next, email, client, wait });
    try {
      const { headers, response } = await auth.api.signInEmail({ body: { email, password }, headers: c.req.raw.headers, returnHeaders: true });
      desk.throttle.succeeded(email, client);
      forwardCookies(c, headers, trustedProxies);
      await recordAudit(db, { actor: { id: response.user.id, email: response.user.email }, action: "sign-in", ip: desk.clientAddress(c) });
      return c.redirect(next, 303);
    } catch (error) {
      if (!isAPIError(error)) throw error;
      const disabled = error.statusCode === 403;
      const message = disabled ? staffText.signIn.disabled : staffText.signIn.wrong;
      return failed(c, {
        next,
        email,
        client,
        reason: disabled ? "disabled" : "wrong password or unknown account",
        problem: { fieldId: "email", message },
        status: disabled ? 403 : 401,
      });
    }
  });

  async function throttled(c: Context<StaffEnv>, { next, email, client, wait }: { next: string; email: string; client: string; wait: number }) {
    console.warn(logLine`staff: ${new Date()} sign-in for ${email} from ${client} refused (throttled, ${wait} s left)`);
    c.header("Retry-After", String(wait));
    return c.html(await signInPage(c, { next, email, problems: [{ message: staffText.signIn.throttled(Math.ceil(wait / 60)) }] }), 429);
  }

  /** A failed sign-in: counted by the throttle, logged, audited, and the form shown again with the problem. */
  async function failed(
    c: Context<StaffEnv>,
    {
      next,
      email,
      client,
      reason,
      problem,
      status,
    }: { next: string; email: string; client: string; reason: string; problem: Problem; status: 400 | 401 | 403 },
  ) {
    desk.throttle.failed(email, client);
    console.warn(logLine`staff: ${new Date()} failed sign-in for ${email} from ${client}`);
    await recordAudit(db, { actor: { email }, action: "sign-in.failed", target: `account:${email}`, detail: { reason }, ip: desk.clientAddress(c) });
    return c.html(await signInPage(c, { next, email, problems: [problem] }), status);
  }

  app.post(staffPaths.signOut, async (c) => {
    staffResponseHeaders(c);
    const staff = c.get("staff");
    if (c.get("staffSessionToken")) {
      const { headers } = await auth.api.signOut({ headers: c.req.raw.headers, returnHeaders: true });
      forwardCookies(c, headers, trustedProxies);
      if (staff) await recordAudit(db, { actor: staff, action: "sign-out", ip: desk.clientAddress(c) });
    }
    return c.redirect(`${staffPaths.signIn}?notice=signed-out`, 303);
  });

  app.get(staffPaths.home, requireStaff(), async (c) => {
    const staff = c.get("staff")!;
    const sections = await Promise.all((options.homeSections ?? []).map((section) => section(desk, staff)));
    const body = (
      <>
        <p>{staffText.home.welcome(staff.name || staff.email)}</p>
        {sections}
        <ul>
          {navFor(staff.role).map((item) => (
            <li>
              <a href={item.href}>{item.label}</a>
            </li>
          ))}
        </ul>
      </>
    );
    return c.html(staffPage({ title: staffText.home.title, staff, body, current: staffPaths.home }));
  });

  passwordRoutes(desk);
  accountRoutes(desk);
  auditRoutes(desk);
  shortcutsRoutes(desk);
  leadDeletionRoutes(desk);
  for (const mount of options.routes ?? []) mount(app, desk);

  async function signInPage(
    c: Context<StaffEnv>,
    { next, email = "", notice, problems }: { next: string; email?: string; notice?: string; problems?: Problem[] },
  ) {
    // On a machine with no account yet the sign-in page says how to make the first one.
    const noAccount = (await staffAccountCount(db)) === 0;
    const emailProblem = problems?.find((p) => p.fieldId === "email")?.message;
    const passwordProblem = problems?.find((p) => p.fieldId === "password")?.message;
    const body = (
      <>
        {noAccount ? <FirstAccountHint /> : null}
        <p>{staffText.signIn.intro}</p>
        <form method="post" action={staffPaths.signIn} novalidate>
          <input type="hidden" name="next" value={next} />
          <InputField
            name="email"
            type="email"
            label={staffText.signIn.email}
            value={email}
            autocomplete="username"
            inputmode="email"
            required
            error={emailProblem}
          />
          <InputField name="password" type="password" label={staffText.signIn.password} autocomplete="current-password" required error={passwordProblem} />
          <Button>{staffText.signIn.submit}</Button>
        </form>
      </>
    );
    void c;
    return staffPage({ title: staffText.signIn.title, body, notice, problems });
  }

  return desk;
}

export function FirstAccountHint() {
  return (
    <section aria-labelledby="first-account-title">
      <h2 id="first-account-title">{staffText.firstAccount.title}</h2>
      <p>{staffText.firstAccount.body}</p>
      <pre>
        <code>{firstAccountCommand}</code>
      </pre>
      <p>{staffText.firstAccount.after}</p>
    </section>
  );
}

function passwordRoutes(desk: StaffDesk) {
  const { app, auth, db } = desk;
  const page = (c: Context<StaffEnv>, problems?: Problem[], notice?: string) => {
    const staff = c.get("staff")!;
    const current = problems?.find((p) => p.fieldId === "current-password")?.message;
    const next = problems?.find((p) => p.fieldId === "new-password")?.message;
    const body = (
      <form method="post" action={staffPaths.password} novalidate>
        <InputField name="current-password" type="password" label={staffText.password.current} autocomplete="current-password" required error={current} />
        <InputField
          name="new-password"
          type="password"
          label={staffText.password.next}
          hint={staffText.password.hint(staffPasswordLength.min, staffPasswordLength.max)}
          autocomplete="new-password"
          minlength={staffPasswordLength.min}
          required
          error={next}
        />
        <Button>{staffText.password.submit}</Button>
      </form>
    );
    return staffPage({ title: staffText.password.title, staff, body, current: staffPaths.password, problems, notice });
  };
  app.get(staffPaths.password, requireStaff(), (c) => c.html(page(c, undefined, c.req.query("notice") === "changed" ? staffText.password.changed : undefined)));
  app.post(staffPaths.password, requireStaff(), async (c) => {
    const form = await readPostedForm(c);
    if (!form) return c.text("The form could not be read.", 400);
    const currentPassword = textField(form, "current-password") ?? "";
    const newPassword = textField(form, "new-password") ?? "";
    const staff = c.get("staff")!;
    const refused = await passwordProblem(newPassword, staff);
    if (refused) return c.html(page(c, [{ fieldId: "new-password", message: refused }]), 422);
    try {
      const { headers } = await auth.api.changePassword({
        body: { currentPassword, newPassword, revokeOtherSessions: true },
        headers: c.req.raw.headers,
        returnHeaders: true,
      });
      forwardCookies(c, headers, desk.trustedProxies);
    } catch (error) {
      if (!isAPIError(error) || error.statusCode >= 500) throw error;
      // Only a wrong current password is told as one; any other refusal names itself at the new one.
      const wrongCurrent = error.body?.code === "INVALID_PASSWORD";
      const problem = wrongCurrent
        ? { fieldId: "current-password", message: staffText.password.wrongCurrent }
        : { fieldId: "new-password", message: error.message };
      return c.html(page(c, [problem]), 422);
    }
    await recordAudit(db, { actor: staff, action: "account.password", target: `account:${staff.email}`, detail: { by: "self" } });
    return c.redirect(`${staffPaths.password}?notice=changed`, 303);
  });
}
