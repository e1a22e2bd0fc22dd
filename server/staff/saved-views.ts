import { and, asc, count, eq } from "drizzle-orm";
import type { Database } from "../db/db";
import { staffSavedViews } from "./schema";

/** A member of staff's saved view of the inbox (decision 0152): a name and the list's query. */
export type SavedView = { id: number; name: string; query: string };

export const savedViewNameMaxLength = 60;
/** The most views one member of staff keeps. */
export const savedViewsMax = 20;

/** A member's saved views, by name. */
export function listSavedViews(db: Database, staffId: string): Promise<SavedView[]> {
  return db
    .select({ id: staffSavedViews.id, name: staffSavedViews.name, query: staffSavedViews.query })
    .from(staffSavedViews)
    .where(eq(staffSavedViews.staffId, staffId))
    .orderBy(asc(staffSavedViews.name), asc(staffSavedViews.id));
}

/**
 * Saves a filter under a name for one member of staff: a name they already use takes the new
 * filter; a new name is refused ("full") when they have `savedViewsMax` views already. One statement.
 */
export async function saveView(db: Database, { staffId, name, query }: { staffId: string; name: string; query: string }): Promise<"saved" | "full"> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(staffSavedViews).where(eq(staffSavedViews.staffId, staffId));
  const [existing] = await db
    .select({ id: staffSavedViews.id })
    .from(staffSavedViews)
    .where(and(eq(staffSavedViews.staffId, staffId), eq(staffSavedViews.name, name)));
  if (!existing && n >= savedViewsMax) return "full";
  await db
    .insert(staffSavedViews)
    .values({ staffId, name, query })
    .onConflictDoUpdate({ target: [staffSavedViews.staffId, staffSavedViews.name], set: { query } });
  return "saved";
}

/** Deletes one of a member's views; false when they have no view with that id (another's is not theirs). */
export async function deleteSavedView(db: Database, { staffId, id }: { staffId: string; id: number }): Promise<boolean> {
  if (!Number.isSafeInteger(id) || id < 1) return false;
  const deleted = await db
    .delete(staffSavedViews)
    .where(and(eq(staffSavedViews.id, id), eq(staffSavedViews.staffId, staffId)))
    .returning({ id: staffSavedViews.id });
  return deleted.length > 0;
}
