import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Database } from "../db/db";
import { deleteLeads, deleteLeadsReceivedBefore, leadFormOf } from "../leads/deletion";
import { deleteRevisionsBefore } from "../leads/content-history";
import { removeQueuedObjects, type LeadFiles } from "../leads/files";
import { errorForLog } from "../platform/log-text";
import { recordAudit } from "./audit";
import { serverSettingsFile, type ServerSettings } from "../../app/lib/contracts/server-settings";
import type { LiveSite } from "../platform/live-site";
import type { StaffUser } from "./roles";

/** The retention when neither APPLICATION_RETENTION_DAYS nor the studio says otherwise. */
export const defaultRetentionDays = 180;
const dayMs = 86_400_000;

/**
 * The retention in days: APPLICATION_RETENTION_DAYS when set, else the one the served build was made
 * with (the studio's "Career form", written by the build's server-settings step beside its client
 * files), else 180. Read before every run, so a save in the studio applies once it is published.
 */
export async function retentionDaysFrom(clientDir: string, fromEnv?: number): Promise<number> {
  if (fromEnv) return fromEnv;
  const settings = await readFile(join(clientDir, "..", serverSettingsFile), "utf8")
    .then((text) => JSON.parse(text) as Partial<Record<keyof ServerSettings, unknown>>)
    .catch(() => ({ applicationRetentionDays: undefined }));
  const days = settings.applicationRetentionDays;
  return typeof days === "number" && Number.isInteger(days) && days >= 1 ? days : defaultRetentionDays;
}

/** A lead deleted on request by an administrator, with its audit entry; false when there was no such lead. */
export async function deleteLeadOnRequest(db: Database, id: number, admin: StaffUser, reason = "on request"): Promise<boolean> {
  if (admin.role !== "admin") throw new Error("only an administrator deletes a lead");
  const form = await leadFormOf(db, id);
  if (form === undefined) return false;
  await deleteLeads(db, [id]);
  await recordAudit(db, { actor: admin, action: "lead.delete", target: `lead:${id}`, detail: { form, reason } });
  return true;
}

/**
 * Deletes every job application (and its resume, mail job, duplicate key) received more than `days`
 * days before `now` (server/leads/deletion.ts, in batches); one audit entry per run that deleted something.
 */
export async function deleteExpiredApplications(db: Database, days: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * dayMs);
  const total = await deleteLeadsReceivedBefore(db, "career", cutoff);
  if (total > 0) {
    await recordAudit(db, {
      actor: "system",
      action: "lead.retention-delete",
      target: "form:career",
      detail: { count: total, retentionDays: days, receivedBefore: cutoff.toISOString() },
    });
  }
  return total;
}

/** How long the content history keeps a studio save when CONTENT_HISTORY_DAYS is unset (decision 0095). */
export const defaultContentHistoryDays = 365;

/**
 * Deletes the content history's revisions older than `days` (each entry's newest always stays),
 * after a snapshot of the trees (decision 0177), and the photos no kept revision needs; one audit
 * entry per run that deleted something.
 */
export async function deleteExpiredRevisions(db: Database, days = defaultContentHistoryDays, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * dayMs);
  const { revisions, blobs, snapshots } = await deleteRevisionsBefore(db, cutoff);
  if (revisions > 0) {
    await recordAudit(db, {
      actor: "system",
      action: "content.retention-delete",
      target: "content-history",
      // The snapshots written first (decision 0177): the trees as the history says, for a follower starting from nothing.
      detail: { count: revisions, photos: blobs, retentionDays: days, savedBefore: cutoff.toISOString(), snapshots },
    });
  }
  return revisions;
}

/**
 * The daily job: runs once at start, then every 24 hours, so what has expired goes when the server
 * starts, not a day (or a minute) later: an operator who lowers the period and restarts sees the
 * result at once. Every instance runs it (the deletes are idempotent). A failure is logged and
 * retried at the next run.
 */
export function startRetentionJob({
  db,
  site,
  retentionDays,
  contentHistoryDays,
  files,
  everyMs = dayMs,
  firstRunMs = 0,
}: {
  db: Database;
  /** The bucket of the leads' files (decision 0161): the objects of deleted files are removed from it. */
  files?: LeadFiles;
  site: Pick<LiveSite, "current">;
  retentionDays?: number;
  contentHistoryDays?: number;
  everyMs?: number;
  firstRunMs?: number;
}) {
  const run = async () => {
    try {
      const removed = await deleteExpiredRevisions(db, contentHistoryDays);
      if (removed)
        console.log(
          `Retention: deleted ${removed} content history revision${removed === 1 ? "" : "s"} older than ${contentHistoryDays ?? defaultContentHistoryDays} days`,
        );
    } catch (error) {
      console.error(`Retention: the daily thinning of the content history failed (next try in 24 h): ${error instanceof Error ? error.message : error}`);
    }
    try {
      const days = await retentionDaysFrom(site.current.clientDir, retentionDays);
      const deleted = await deleteExpiredApplications(db, days);
      if (deleted) console.log(`Retention: deleted ${deleted} job application${deleted === 1 ? "" : "s"} older than ${days} days`);
    } catch (error) {
      console.error(`Retention: the daily deletion of old job applications failed (next try in 24 h): ${error instanceof Error ? error.message : error}`);
    }
    try {
      const removed = await removeQueuedObjects(db, files?.storage);
      if (removed) console.log(`Retention: removed ${removed} deleted file${removed === 1 ? "" : "s"} from the bucket`);
    } catch (error) {
      console.error(`Retention: removing deleted files from the bucket failed (next try in 24 h): ${errorForLog(error)}`);
    }
  };
  const first = setTimeout(run, firstRunMs);
  const daily = setInterval(run, everyMs);
  first.unref();
  daily.unref();
  return { run, stop: () => (clearTimeout(first), clearInterval(daily)) };
}
