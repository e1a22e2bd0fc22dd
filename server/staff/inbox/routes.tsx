/** @jsxImportSource hono/jsx */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { Child } from "hono/jsx";
import type { Database } from "../../leads/db";
import { leadTypesFor, type StaffUser } from "../roles";
import { parseFilter } from "./filter";
import { addNote, assignLead, changeStatus, countNew, exportCsv, getLead, getLeadFile, leadReference, listLeads, markRead, type Change } from "./queries";
import { inboxText as t } from "./texts";
import { InboxView, LeadView, leadPath, type StaffMember } from "./views";

export type StaffEnv = { Variables: { staff: StaffUser } };

/** What the inbox records in the audit log: who did what to which lead. */
export type AuditEntry = { actor: StaffUser; action: "lead.view" | "lead.status" | "lead.assign" | "lead.note" | "lead.file" | "leads.export"; target: string; detail?: string };

/** Wraps a page's content in the staff desk's layout (title, navigation, styles). */
export type StaffPage = (c: Context<StaffEnv>, view: { title: string; body: Child; status?: 200 | 400 | 403 | 404 | 409 }) => Response | Promise<Response>;

export type InboxOptions = {
  db: Database;
  /** Answers a request without a signed-in member of staff (sign-in page, 401); otherwise sets `staff`. */
  requireStaff: MiddlewareHandler<StaffEnv>;
  recordAudit: (entry: AuditEntry) => Promise<void>;
  page: StaffPage;
  /** Every staff account (names for the assignee column, people a lead can be given to). */
  listStaff: () => Promise<StaffMember[]>;
};

/** A bare page, until and unless the staff desk's layout is passed in (and in tests). */
export const plainPage: StaffPage = async (c, { title, body, status = 200 }) => {
  const html = await (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body>
        <main id="main">{body}</main>
      </body>
    </html>
  );
  return c.html(`<!doctype html>${html.toString()}`, status);
};

/**
 * The staff inbox under /staff: the list (/staff/inbox), its CSV export, a lead's page, its files
 * and the POST forms that change a lead (303 back to the lead). Every route checks the role on the
 * server: a role that may not see a lead type gets 403 and nothing of it, counts included.
 */
export function createInboxRoutes({ db, requireStaff, recordAudit, page, listStaff }: InboxOptions) {
  const routes = new Hono<StaffEnv>();
  routes.use("/staff/inbox", requireStaff);
  routes.use("/staff/inbox/*", requireStaff);
  routes.use("/staff/leads/*", requireStaff);

  const forbidden = (c: Context<StaffEnv>) => page(c, { title: t.forbidden, body: <p>{t.forbidden}</p>, status: 403 });
  const notFound = (c: Context<StaffEnv>) => page(c, { title: t.notFound, body: <p>{t.notFound}</p>, status: 404 });
  const refusal = (c: Context<StaffEnv>, reason: "missing" | "forbidden") => (reason === "forbidden" ? forbidden(c) : notFound(c));

  /** The staff who may see a type: the people a lead of that type can be assigned to. */
  const staffFor = async (types: readonly string[]) => (await listStaff()).filter((s) => leadTypesFor(s.role).some((type) => types.includes(type)));

  routes.get("/staff/inbox", async (c) => {
    const me = c.get("staff");
    const types = leadTypesFor(me.role);
    if (types.length === 0) return forbidden(c);
    const { filter, problems } = parseFilter(new URL(c.req.url).searchParams);
    if (filter.type && !types.includes(filter.type)) return forbidden(c);
    const pageNumber = Math.min(Math.max(1, Number.parseInt(c.req.query("page") ?? "1", 10) || 1), 1_000_000);
    const [list, counts, staff] = await Promise.all([listLeads(db, { role: me.role, staffId: me.id, filter, page: pageNumber }), countNew(db, me.role), staffFor(types)]);
    return page(c, {
      title: t.inboxTitle,
      body: <InboxView me={me} types={types} filter={filter} problems={problems} list={list} newCount={counts.total} staff={staff} />,
      status: problems.length ? 400 : 200,
    });
  });

  routes.get("/staff/inbox/export.csv", async (c) => {
    const me = c.get("staff");
    const types = leadTypesFor(me.role);
    if (types.length === 0) return forbidden(c);
    const { filter, problems } = parseFilter(new URL(c.req.url).searchParams);
    if (filter.type && !types.includes(filter.type)) return forbidden(c);
    if (problems.length) return c.text(problems.join("\n"), 400);
    const names = new Map((await listStaff()).map((s) => [s.id, s.name]));
    await recordAudit({ actor: me, action: "leads.export", target: "inbox", detail: new URLSearchParams(Object.entries(filter)).toString() });
    const chunks = exportCsv(db, { role: me.role, filter, assigneeName: (id) => names.get(id) ?? id });
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await chunks.next().catch((error: unknown) => {
          controller.error(error);
          return { done: true as const, value: undefined };
        });
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await chunks.return(undefined);
      },
    });
    return c.body(body, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    });
  });

  const leadId = (c: Context<StaffEnv>) => {
    const raw = c.req.param("id") ?? "";
    return /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
  };

  /** A lead's page; `message` and `note` re-show a refused change with what was typed. */
  const showLead = async (c: Context<StaffEnv>, id: number, extra: { message?: string; note?: string; status?: 400 | 409 } = {}) => {
    const me = c.get("staff");
    const lead = await getLead(db, me.role, id);
    if (!lead.ok) return refusal(c, lead.reason);
    const staff = await staffFor([lead.value.type]);
    return page(c, {
      title: leadReference(id),
      body: <LeadView lead={lead.value} staff={staff} message={extra.message} note={extra.note} />,
      status: extra.status ?? 200,
    });
  };

  routes.get("/staff/leads/:id", async (c) => {
    const me = c.get("staff");
    const id = leadId(c);
    if (id === undefined) return notFound(c);
    const response = await showLead(c, id);
    if (response.status === 200) {
      await markRead(db, id, me.id);
      await recordAudit({ actor: me, action: "lead.view", target: leadReference(id) });
    }
    return response;
  });

  routes.get("/staff/leads/:id/files/:fileId", async (c) => {
    const me = c.get("staff");
    const id = leadId(c);
    const fileId = c.req.param("fileId");
    if (id === undefined || !/^\d{1,15}$/.test(fileId)) return notFound(c);
    const file = await getLeadFile(db, me.role, id, Number(fileId));
    if (!file.ok) return refusal(c, file.reason);
    await recordAudit({ actor: me, action: "lead.file", target: leadReference(id), detail: file.value.filename });
    const ascii = file.value.filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
    // Always a download, never shown in the browser: a visitor's file is not trusted.
    return c.body(new Uint8Array(file.value.content), 200, {
      "Content-Type": "application/octet-stream",
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.value.filename)}`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox; default-src 'none'",
      "Cache-Control": "no-store",
    });
  });

  /** After a change: 303 back to the lead, or the lead's page with the reason and what was typed. */
  const afterChange = async (c: Context<StaffEnv>, id: number, change: Change, typed: { note?: string } = {}) => {
    if (change.ok) return c.redirect(leadPath(id), 303);
    if (change.reason !== "refused") return refusal(c, change.reason);
    return showLead(c, id, { message: change.message, note: typed.note, status: 409 });
  };

  const formOf = async (c: Context<StaffEnv>) => {
    const body = await c.req.parseBody().catch(() => undefined);
    return body ? (name: string) => (typeof body[name] === "string" ? (body[name] as string) : undefined) : undefined;
  };

  routes.post("/staff/leads/:id/status", async (c) => {
    const me = c.get("staff");
    const id = leadId(c);
    if (id === undefined) return notFound(c);
    const form = await formOf(c);
    const from = form?.("from");
    const to = form?.("to");
    if (!from || !to) return showLead(c, id, { message: t.badRequest, status: 400 });
    const change = await changeStatus(db, { role: me.role, actor: me, leadId: id, from, to });
    if (change.ok) await recordAudit({ actor: me, action: "lead.status", target: leadReference(id), detail: `${from} -> ${to}` });
    return afterChange(c, id, change);
  });

  routes.post("/staff/leads/:id/assign", async (c) => {
    const me = c.get("staff");
    const id = leadId(c);
    if (id === undefined) return notFound(c);
    const form = await formOf(c);
    const assignee = form?.("assignee");
    if (assignee === undefined) return showLead(c, id, { message: t.badRequest, status: 400 });
    const lead = await getLead(db, me.role, id);
    if (!lead.ok) return refusal(c, lead.reason);
    if (assignee && !(await staffFor([lead.value.type])).some((s) => s.id === assignee)) {
      return showLead(c, id, { message: t.unknownAssignee, status: 400 });
    }
    const change = await assignLead(db, { role: me.role, actor: me, leadId: id, assigneeId: assignee || null });
    if (change.ok) await recordAudit({ actor: me, action: "lead.assign", target: leadReference(id), detail: assignee || "nobody" });
    return afterChange(c, id, change);
  });

  routes.post("/staff/leads/:id/notes", async (c) => {
    const me = c.get("staff");
    const id = leadId(c);
    if (id === undefined) return notFound(c);
    const form = await formOf(c);
    const note = form?.("note") ?? "";
    const change = await addNote(db, { role: me.role, actor: me, leadId: id, body: note });
    if (change.ok) await recordAudit({ actor: me, action: "lead.note", target: leadReference(id) });
    return afterChange(c, id, change, { note });
  });

  return routes;
}
