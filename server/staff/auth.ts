import { randomBytes } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins/admin";
import { adminAc, userAc } from "better-auth/plugins/admin/access";
import { count, eq, sql } from "drizzle-orm";
import type { Database } from "../db/db";
import { staffPasswordLength } from "./password-policy";
import { staffRoles, type StaffRole, type StaffUser } from "./roles";
import { staffAccounts, staffSessions, staffSettings, staffUsers, staffVerifications } from "./schema";

/** How long a session lasts without use, and how often using it pushes that back. */
export const sessionLifetimeSeconds = 12 * 60 * 60;
const sessionRefreshSeconds = 60 * 60;

/**
 * Better Auth over the leads database (decision 0047). Only its server API is used (`auth.api.*`,
 * called by the staff routes): its HTTP handler is not mounted, so sign-up, password-reset mail and
 * the admin endpoints are not reachable from outside, and the staff routes apply their own role
 * checks, CSRF check and sign-in throttle in front of every call. Passwords are hashed with scrypt
 * (Better Auth's default, memory-hard); sessions live in `staff_sessions`, so revoking one (sign
 * out, disabling an account, a new password) takes effect on the next request (no cookie cache).
 */
export function createStaffAuth(db: Database, secret: string) {
  return betterAuth({
    appName: "SSL staff desk",
    // Never served (the handler is not mounted); Better Auth wants an origin to build URLs from.
    baseURL: "http://localhost",
    basePath: "/staff/auth",
    secret,
    database: drizzleAdapter(db as never, {
      provider: "pg",
      schema: { user: staffUsers, session: staffSessions, account: staffAccounts, verification: staffVerifications },
    }),
    // The same lengths every form checks first (password-policy.ts), with a message naming them.
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      autoSignIn: false,
      minPasswordLength: staffPasswordLength.min,
      maxPasswordLength: staffPasswordLength.max,
    },
    session: { expiresIn: sessionLifetimeSeconds, updateAge: sessionRefreshSeconds },
    // The staff routes throttle sign-in per account and per client (throttle.ts); Better Auth's own
    // limiter only counts calls to its HTTP handler, which is not mounted.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: "ssl-staff",
      // `Secure` is added per response when the request came over HTTPS (routes: withSecureFlag),
      // so the embedded default on http://localhost still signs in.
      useSecureCookies: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
    },
    telemetry: { enabled: false },
    plugins: [
      admin({
        roles: Object.fromEntries(staffRoles.map((role) => [role, role === "admin" ? adminAc : userAc])),
        adminRoles: ["admin"],
        defaultRole: "sales",
        bannedUserMessage: "This account is disabled.",
      }),
    ],
  });
}

export type StaffAuth = ReturnType<typeof createStaffAuth>;

/**
 * The secret that signs session cookies: BETTER_AUTH_SECRET when set, otherwise one made at the
 * first start and kept in the database, so every instance on one PostgreSQL shares it and the
 * embedded default needs no set-up (decision 0047).
 */
export async function staffSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) {
    if (configured.length < 32) throw new Error("BETTER_AUTH_SECRET must be at least 32 characters (openssl rand -base64 32)");
    return configured;
  }
  await db
    .insert(staffSettings)
    .values({ key: "session-secret", value: randomBytes(32).toString("base64") })
    .onConflictDoNothing();
  const [row] = await db.select({ value: staffSettings.value }).from(staffSettings).where(eq(staffSettings.key, "session-secret"));
  return row!.value;
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (staffRoles as readonly string[]).includes(value);
}

/** A Better Auth user as the staff desk knows it; null for a disabled account or an unknown role. */
export function toStaffUser(user: { id: string; email: string; name: string; role?: string | null; banned?: boolean | null }): StaffUser | null {
  if (user.banned || !isStaffRole(user.role)) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role };
}

/** How many accounts exist: with none, the studio lets this machine in and says how to make the first. */
export async function staffAccountCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(staffUsers);
  return row?.n ?? 0;
}

/** Empties the staff tables (tests). The audit log's trigger refuses DELETE, not TRUNCATE. */
export async function truncateStaff(db: Database): Promise<void> {
  await db.execute(sql`truncate staff_saved_views, staff_sessions, staff_accounts, staff_verifications, staff_audit, staff_users restart identity cascade`);
}
