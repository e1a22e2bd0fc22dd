import type { StaffDesk } from "./desk-context";
import { requireStaff } from "./guard";
import { staffPaths } from "../../app/lib/contracts/staff-paths";
import { deleteLeadOnRequest } from "./retention";

/**
 * POST /staff/leads/:id/delete (admin only): a lead deleted on request, with its
 * files and mail job, recorded in the audit log; 303 to the inbox. The inbox's lead page shows the
 * button (`<PostButton action={`/staff/leads/${id}/delete`} variant="danger">`).
 */
export function leadDeletionRoutes({ app, db }: StaffDesk) {
  app.post(`${staffPaths.leads}/:id/delete`, requireStaff("admin"), async (c) => {
    const id = Number(c.req.param("id"));
    if (!Number.isSafeInteger(id) || id < 1) return c.text("No such lead.", 404);
    const deleted = await deleteLeadOnRequest(db, id, c.get("staff")!);
    if (!deleted) return c.text("No such lead (already deleted?).", 404);
    return c.redirect(`${staffPaths.leads}?deleted=${id}`, 303);
  });
}
