import type { MiddlewareHandler } from "hono";
import type { Database } from "../server/db/db";
import { forbiddenPage, type StaffEnv } from "../server/staff/guard";
import { createInboxRoutes, kitPage, type InboxOptions } from "../server/staff/inbox/routes";
import type { StaffUser } from "../server/staff/roles";
import { staff } from "./leads";

/** Lets through the test member named by the `x-test-staff` header (a key of `staff`); 401 without. */
export const testGuard: MiddlewareHandler<StaffEnv> = async (c, next) => {
  const who = c.req.header("x-test-staff") as keyof typeof staff | undefined;
  if (!who || !(who in staff)) return c.text("sign in", 401);
  c.set("staff", staff[who] as StaffUser);
  await next();
};

/** The inbox's routes on `db` with the test guard, no audit log, the desk's layout and the four test members; `options` adds or replaces. */
export const inboxTestRoutes = (db: Database, options: Partial<InboxOptions> = {}) =>
  createInboxRoutes({
    db,
    requireStaff: testGuard,
    recordAudit: async () => {},
    forbidden: (c) => forbiddenPage(c, c.get("staff")),
    page: kitPage,
    listStaff: async () => Object.values(staff),
    ...options,
  });
