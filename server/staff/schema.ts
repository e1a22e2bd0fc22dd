import { bigserial, boolean, index, jsonb, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";

/**
 * The staff desk's tables (decision 0047), in the leads database. The first four are Better Auth's
 * (user, session, account, verification, plus the admin plugin's role and ban fields): the keys of
 * each object are Better Auth's field names, the columns snake_case. `staffAudit` and
 * `staffSettings` are ours.
 */
export const staffUsers = pgTable("staff_users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  /** One of server/staff/roles.ts's staffRoles. */
  role: text("role"),
  /** A disabled account (the admin plugin's ban): it cannot sign in and its sessions are revoked. */
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
});

export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
  },
  (t) => [index("staff_sessions_user_id").on(t.userId)],
);

export const staffAccounts = pgTable(
  "staff_accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    /** The scrypt hash (Better Auth's default: memory-hard), never the password. */
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("staff_accounts_user_id").on(t.userId)],
);

export const staffVerifications = pgTable("staff_verifications", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The audit log: who did what, when. Rows are only ever inserted (the site has no route that
 * changes or deletes one; a trigger in the migration refuses UPDATE and DELETE). The actor's
 * e-mail is copied, so the entry still says who after the account is gone.
 */
export const staffAudit = pgTable(
  "staff_audit",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** staff_users.id, or null for the system (the retention job, the command line) and for a buyer answering a quotation. */
    actorId: text("actor_id"),
    actorEmail: text("actor_email").notNull(),
    /** What happened: see AuditAction in server/staff/audit.ts. */
    action: text("action").notNull(),
    /** What it happened to: "lead:42", "account:<email>", "export:career". */
    target: text("target").notNull().default(""),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    /** The client's address, for sign-ins. */
    ip: text("ip"),
  },
  (t) => [index("staff_audit_at").on(t.at), index("staff_audit_action").on(t.action, t.at)],
);

/** Server-wide staff settings kept in the database (the session-signing secret when none is configured). */
export const staffSettings = pgTable("staff_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/**
 * A member of staff's saved views of the inbox (decision 0152): a filter (the list's query, as
 * `filterParams` writes it) under a name, one name once per member; gone with the account.
 */
export const staffSavedViews = pgTable(
  "staff_saved_views",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    staffId: text("staff_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    query: text("query").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("staff_saved_views_staff_name").on(t.staffId, t.name)],
);
