import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { rows, type Database } from "../db/db";
import { publishRequests } from "../db/schema";
import type { RevisionActor, RevisionEntry } from "../leads/content-history";
import { staffSettings, staffUsers } from "../staff/schema";

// A publish that waits (decision 0159): for its time (a scheduled publish) or for an admin's approval
// (when the company's setting asks for one). The row is the request; its run is claimed once across
// instances in scheduled_runs (job "publish", slot the request's id) by the statement that marks it
// running, as the follow-ups are (decision 0153).

export type PublishRequest = typeof publishRequests.$inferSelect;

const approvalKey = "publish-approval";

/**
 * Whether an editor's publish needs an approval, and whose (the company's setting; off unless an
 * admin turns it on): "admins" — an administrator approves; "editors" — any editor or administrator
 * other than the requester. (The stored value "on" is "admins": the setting before approvers.)
 */
export type PublishApproval = "off" | "admins" | "editors";
export const publishApprovals: readonly PublishApproval[] = ["off", "admins", "editors"];

export async function loadPublishApproval(db: Database): Promise<PublishApproval> {
  const [row] = await db.select({ value: staffSettings.value }).from(staffSettings).where(eq(staffSettings.key, approvalKey));
  return row?.value === "on" || row?.value === "admins" ? "admins" : row?.value === "editors" ? "editors" : "off";
}

/**
 * Whether a member's publish waits for an approval: the setting is on and she is not an
 * administrator (administrators publish, and so does this machine before any account exists).
 * The desk's and the studio's Publish both ask this.
 */
export async function publishNeedsApproval(db: Database, role: string | undefined): Promise<boolean> {
  return role !== undefined && role !== "admin" && (await loadPublishApproval(db)) !== "off";
}

export async function savePublishApproval(db: Database, value: PublishApproval): Promise<void> {
  await db.insert(staffSettings).values({ key: approvalKey, value }).onConflictDoUpdate({ target: staffSettings.key, set: { value } });
}

/**
 * A new request: `runAt` its time (null: as soon as it may run); `needsApproval` makes it wait for an
 * admin other than the requester. Returns it.
 */
export async function requestPublish(
  db: Database,
  { entries, runAt, actor, needsApproval }: { entries: readonly RevisionEntry[]; runAt: Date | null; actor: RevisionActor; needsApproval: boolean },
): Promise<PublishRequest> {
  const [row] = await db
    .insert(publishRequests)
    .values({
      entries: entries.map(({ kind, key, slug }) => ({ kind, key, slug })),
      runAt,
      status: needsApproval ? "waiting-approval" : "scheduled",
      requestedById: actor.id ?? null,
      requestedByName: actor.name,
      requestedByEmail: actor.email ?? null,
    })
    .returning();
  return row!;
}

/** Requests still to run or to approve, oldest first. */
export async function openPublishRequests(db: Database): Promise<PublishRequest[]> {
  return db
    .select()
    .from(publishRequests)
    .where(inArray(publishRequests.status, ["waiting-approval", "scheduled", "running"]))
    .orderBy(asc(publishRequests.id));
}

export async function readPublishRequest(db: Database, id: number): Promise<PublishRequest | undefined> {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  const [row] = await db.select().from(publishRequests).where(eq(publishRequests.id, id));
  return row;
}

export type Approval = { ok: true; request: PublishRequest } | { ok: false; reason: "missing" | "own" | "role" };

/**
 * A member of staff approves a waiting request: it becomes scheduled (at its time, or now when it had
 * none or its time has passed). Refused in the same statement unless the approver's account (read
 * there, not taken from the caller) is an administrator's, or an editor's while the setting is
 * "editors", not disabled, and not the requester's.
 */
export async function approvePublish(
  db: Database,
  { id, approver, now }: { id: number; approver: Required<Pick<RevisionActor, "id">> & RevisionActor; now: Date },
): Promise<Approval> {
  if (!Number.isSafeInteger(id) || id < 1) return { ok: false, reason: "missing" };
  const [row] = await db
    .update(publishRequests)
    .set({
      status: "scheduled",
      approvedById: approver.id,
      approvedByName: approver.name,
      runAt: sql`coalesce(${publishRequests.runAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        eq(publishRequests.id, id),
        eq(publishRequests.status, "waiting-approval"),
        sql`${publishRequests.requestedById} is distinct from ${approver.id}`,
        mayApprove(approver.id),
      ),
    )
    .returning();
  if (row) return { ok: true, request: row };
  const found = await readPublishRequest(db, id);
  if (found?.status !== "waiting-approval") return { ok: false, reason: "missing" };
  return { ok: false, reason: found.requestedById === approver.id ? "own" : "role" };
}

/** The condition that the account `staffId` may approve: an administrator, or an editor while the setting says "editors"; not disabled. */
const mayApprove = (staffId: string) =>
  sql`exists (select 1 from ${staffUsers} u where u.id = ${staffId} and u.banned is not true
        and (u.role = 'admin' or (u.role = 'editor' and exists (
          select 1 from ${staffSettings} s where s.key = ${approvalKey} and s.value = 'editors'))))`;

/** Cancels a request that has not run. Returns whether there was one. */
export async function cancelPublish(db: Database, id: number): Promise<boolean> {
  if (!Number.isSafeInteger(id) || id < 1) return false;
  const gone = await db
    .update(publishRequests)
    .set({ status: "cancelled" })
    .where(and(eq(publishRequests.id, id), inArray(publishRequests.status, ["waiting-approval", "scheduled"])))
    .returning({ id: publishRequests.id });
  return gone.length > 0;
}

/** A request still running this long after its claim was left by an instance that died: it is claimed again. */
export const publishLeaseMs = 10 * 60_000;

export type ClaimedPublish = PublishRequest & {
  /** When an earlier claim (whose instance did not finish it) took it; null on its first claim. */
  interruptedAt: Date | null;
};

/**
 * Claims every scheduled request due at `now`, and every one still running `publishLeaseMs` after
 * its claim, and marks it running from `now`, each once however many instances claim at once (the
 * scheduled_runs row, slot "<id>@<the claim before, or first>", is inserted by the same
 * statement). A publish is idempotent (files copied again change nothing), so running one again is
 * safe. Returns the requests this call claimed, oldest time first.
 */
export async function claimDuePublishes(db: Database, now: Date): Promise<ClaimedPublish[]> {
  const slot = (table: string) =>
    sql.raw(`${table}.id || '@' || coalesce(to_char(${table}.claimed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), 'first')`);
  const at = now.toISOString();
  const claimed = await rows<{ id: number | string; interrupted_at: string | Date | null }>(
    db,
    sql`with due as (
          select id, claimed_at from publish_requests
          where (status = 'scheduled' and run_at <= ${at}::timestamptz)
             or (status = 'running' and claimed_at <= ${at}::timestamptz - ${`${publishLeaseMs} milliseconds`}::interval)),
        claimed as (
          insert into scheduled_runs (job, slot) select 'publish', ${slot("due")} from due
          on conflict do nothing returning slot)
        update publish_requests p set status = 'running', claimed_at = ${at}::timestamptz
        from due join claimed on claimed.slot = ${slot("due")}
        where p.id = due.id returning p.id, due.claimed_at as interrupted_at`,
  );
  if (claimed.length === 0) return [];
  const interrupted = new Map(claimed.map((row) => [Number(row.id), row.interrupted_at ? new Date(row.interrupted_at) : null]));
  const found = await db
    .select()
    .from(publishRequests)
    .where(inArray(publishRequests.id, [...interrupted.keys()]))
    .orderBy(asc(publishRequests.runAt), asc(publishRequests.id));
  return found.map((request) => ({ ...request, interruptedAt: interrupted.get(request.id) ?? null }));
}

/** A claimed request's end: done (its revision, if anything changed) or failed, with what to say. */
export async function finishPublish(
  db: Database,
  { id, outcome, revisionId, note, at }: { id: number; outcome: "done" | "failed"; revisionId?: number; note?: string; at: Date },
): Promise<void> {
  await db
    .update(publishRequests)
    .set({ status: outcome, revisionId: revisionId ?? null, note: note ?? null, doneAt: at })
    .where(eq(publishRequests.id, id));
}
