import { and, desc, eq, gte, ilike, inArray, lt, or, type SQL } from "drizzle-orm";
import type { Database } from "../db/db";
import { keptAsideAuditAction } from "../leads/conversations";
import { buyerAuditActions } from "../leads/quotations";
import type { StaffUser } from "./roles";
import { staffAudit, staffUsers } from "./schema";

/**
 * What the audit log records: every action, in the order the log's filter offers
 * them. The inbox adds its own actions through the same function; an action is a short dotted name,
 * the same across the site. The buyer's answers to a quotation are written by the store, in the
 * statement that records them (`answerQuotation`, server/leads/quotations.ts); a message the
 * mailbox reader keeps aside likewise, as its cursor moves past it (`keepInboundAside`,
 * server/leads/conversations.ts).
 */
export const auditActions = [
  "sign-in",
  "sign-in.failed",
  "sign-out",
  "lead.view",
  "lead.customer",
  "lead.status",
  "lead.note",
  "lead.reply",
  "lead.assign",
  "lead.follow-up",
  "lead.file",
  "lead.export",
  "lead.delete",
  "lead.retention-delete",
  "quotation.draft",
  "quotation.save",
  "quotation.send",
  "quotation.revise",
  "quotation.discard",
  "quotation.revoke",
  "quotation.pdf",
  "quotation.export",
  ...Object.values(buyerAuditActions),
  keptAsideAuditAction,
  "account.create",
  "account.role",
  "account.disable",
  "account.enable",
  "account.password",
  "account.sessions-revoked",
  "studio.first-account-hint",
  "content.save",
  "content.restore",
  // Drafts and publishing (decision 0159): a publish and a discard by their revision, requests by their id.
  "content.publish",
  "content.discard",
  "content.publish-request",
  "content.publish-schedule",
  "content.publish-approve",
  "content.publish-cancel",
  // GitHub mode: a preview of a branch asked for (decision 0159).
  "content.branch-preview",
  "content.retention-delete",
  "settings.response-targets",
  "settings.quotation-follow-up",
  "settings.shortcuts",
  "settings.publish-approval",
] as const;
export type AuditAction = (typeof auditActions)[number];

/** The actions a buyer does (never a staff account): their entry's actor is the lead's e-mail. */
export const buyerActions: readonly AuditAction[] = Object.values(buyerAuditActions);

export type AuditEntry = {
  /** Who: a signed-in member of staff, or "system" (the retention job, the command line). */
  actor: Pick<StaffUser, "id" | "email"> | "system" | { email: string };
  action: AuditAction;
  /** What it happened to: `lead:42`, `account:someone@example.com`, `export:career`. */
  target?: string;
  detail?: Record<string, unknown>;
  ip?: string;
};

/** Appends one entry to the audit log. Throws when the database refuses: a change that cannot be recorded should fail. */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  const actor: { id?: string; email: string } = entry.actor === "system" ? { email: "system" } : entry.actor;
  await db.insert(staffAudit).values({
    actorId: actor.id ?? null,
    actorEmail: actor.email,
    action: entry.action,
    target: entry.target ?? "",
    detail: entry.detail ?? {},
    ip: entry.ip ?? null,
  });
}

export type AuditFilter = {
  /** Exact action, or a prefix ending in "." ("lead." for every lead action). */
  action?: string;
  /** Part of the actor's e-mail or of the target. */
  search?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  limit?: number;
  /** Entries older than this id (the next page). */
  before?: number;
};

export type AuditRow = typeof staffAudit.$inferSelect;

/** The newest entries first, filtered; at most `limit` (default 100). */
export async function listAudit(db: Database, filter: AuditFilter = {}): Promise<AuditRow[]> {
  const conditions: SQL[] = [];
  if (filter.action) {
    conditions.push(filter.action.endsWith(".") ? ilike(staffAudit.action, `${escapeLike(filter.action)}%`) : eq(staffAudit.action, filter.action));
  }
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    conditions.push(or(ilike(staffAudit.actorEmail, pattern), ilike(staffAudit.target, pattern))!);
  }
  if (filter.from) conditions.push(gte(staffAudit.at, filter.from));
  if (filter.to) conditions.push(lt(staffAudit.at, filter.to));
  if (filter.before) conditions.push(lt(staffAudit.id, filter.before));
  return db
    .select()
    .from(staffAudit)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(staffAudit.id))
    .limit(Math.min(Math.max(filter.limit ?? 100, 1), 500));
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** The names of the accounts with these ids, disabled ones too (an assignee the log names may have left since). */
export async function accountNames(db: Database, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const found = await db
    .select({ id: staffUsers.id, name: staffUsers.name })
    .from(staffUsers)
    .where(inArray(staffUsers.id, [...new Set(ids)]));
  return new Map(found.map((u) => [u.id, u.name]));
}
