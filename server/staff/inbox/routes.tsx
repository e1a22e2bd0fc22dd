/** @jsxImportSource hono/jsx */
import { eq, isNull, or } from "drizzle-orm";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { Child } from "hono/jsx";
import type { Database } from "../../leads/db";
import { readPostedForm, textField } from "../../platform/form-reader";
import { recordAudit, type AuditEntry } from "../audit";
import type { StaffApp, StaffDesk } from "../desk-context";
import { forbiddenPage, requestOrigin, requireStaff, wantsJson, type StaffEnv } from "../guard";
import { staffPaths } from "../../../app/lib/contracts/staff-paths";
import { leadTypesFor, staffRoles, type StaffRole, type StaffUser } from "../roles";
import { staffUsers } from "../schema";
import { staffPage, type Problem } from "../ui";
import { addNote, assignLead, changeStatus, countNew, getLead, getLeadFile, listLeads, markRead, type Change, type LeadDetail } from "../../leads/inbox";
import { fieldText, topicOf } from "../../leads/lead-record";
import { typeLabels } from "../../leads/workflow";
import { composeAssignmentMail } from "../../mail/assignment-mail";
import { exportCsv } from "./csv-export";
import { parseFilter } from "./filter";
import { inboxText as t } from "./texts";
import { exportPath, InboxView, inboxPath, LeadView, leadPath, NewLeadsBadge, type StaffMember } from "./views";

/** Wraps a page's content in the staff desk's layout; `problems` become its error summary. */
export type InboxPage = (c: Context<StaffEnv>, view: { title: string; body: Child; status?: 200 | 400 | 404 | 409; problems?: Problem[] }) => Response | Promise<Response>;

export type InboxOptions = {
  db: Database;
  /** Lets only a signed-in member of staff through (sets `staff`); answers everyone else itself. */
  requireStaff: MiddlewareHandler<StaffEnv>;
  /** The audit log: a lead viewed, its file downloaded, a status change, an assignment, a note, an export. */
  recordAudit: (c: Context<StaffEnv>, entry: Omit<AuditEntry, "actor"> & { actor: StaffUser }) => Promise<void>;
  /** A 403 that names nothing of what it guards. */
  forbidden: (c: Context<StaffEnv>) => Response | Promise<Response>;
  page: InboxPage;
  /** Every active staff account (names for the assignee column, people a lead can be given to). */
  listStaff: () => Promise<StaffMember[]>;
  /**
   * Tells a member of staff by e-mail when someone else gives them a lead (decision 0062): the
   * sender (MAIL_FROM), the desk's address as the request reached it (for the link) and what wakes
   * the mail relay once the e-mail is queued. Off without.
   */
  assignmentMail?: { from: string; origin: (c: Context<StaffEnv>) => string; queued: () => void };
  /** More sections of a lead's page, after its details (a quote request's quotations). */
  leadSections?: ReadonlyArray<(c: Context<StaffEnv>, lead: LeadDetail) => Promise<Child>>;
};

/** The staff desk's layout with the inbox's nav link marked current. */
export const kitPage: InboxPage = (c, { title, body, status = 200, problems }) =>
  c.html(staffPage({ title, staff: c.get("staff"), body, current: staffPaths.leads, problems }), status);

/** Active accounts with a known role, by name. */
export async function listStaffMembers(db: Database): Promise<StaffMember[]> {
  const users = await db
    .select({ id: staffUsers.id, email: staffUsers.email, name: staffUsers.name, role: staffUsers.role })
    .from(staffUsers)
    .where(or(isNull(staffUsers.banned), eq(staffUsers.banned, false)))
    .orderBy(staffUsers.name);
  return users.filter((u): u is StaffMember => (staffRoles as readonly (string | null)[]).includes(u.role)).map((u) => ({ ...u, role: u.role as StaffRole }));
}

/** A section of a lead's page, made from the desk (the quotations of a quote request). */
export type LeadSection = (desk: StaffDesk) => (c: Context<StaffEnv>, lead: LeadDetail) => Promise<Child>;

/** The inbox in the staff desk (`createStaffDesk({ routes: [mountInbox] })`): its guard, audit log and layout. */
export function mountInbox(app: StaffApp, desk: StaffDesk) {
  inboxWith({})(app, desk);
}

/** The inbox with more sections on a lead's page (`createStaffDesk({ routes: [inboxWith({ leadSections })] })`). */
export const inboxWith = ({ leadSections = [] }: { leadSections?: readonly LeadSection[] }) => (app: StaffApp, desk: StaffDesk) => {
  const { mail } = desk;
  app.route(
    "/",
    createInboxRoutes({
      db: desk.db,
      requireStaff: requireStaff(...staffRoles.filter((role) => leadTypesFor(role).length > 0)),
      recordAudit: (c, entry) => recordAudit(desk.db, { ...entry, ip: desk.clientAddress(c) }),
      forbidden: (c) => forbiddenPage(c, c.get("staff")),
      page: kitPage,
      listStaff: () => listStaffMembers(desk.db),
      assignmentMail: mail && { from: mail.from, origin: (c) => requestOrigin(c, desk.trustedProxies), queued: () => mail.relayNow() },
      leadSections: leadSections.map((section) => section(desk)),
    }),
  );
};

/** The new-leads badge for the desk's home page, where staff land after signing in; nothing for a role without leads. */
export async function newLeadsBadge(db: Database, staff: StaffUser): Promise<Child> {
  if (leadTypesFor(staff.role).length === 0) return null;
  const { total } = await countNew(db, leadTypesFor(staff.role));
  return (
    <p>
      <NewLeadsBadge count={total} />
    </p>
  );
}

/**
 * The staff inbox: the list (/staff/leads), its CSV export, a lead's page, its files and the POST
 * forms that change a lead (303 back to the lead). Every route checks the role on the server: a role
 * that may not see a lead type gets 403 for the type (a filter, the export) and nothing of it, counts
 * included; a lead of that type is not there for it (404, as an id that does not exist).
 */
export function createInboxRoutes({ db, requireStaff, recordAudit, forbidden, page, listStaff, assignmentMail, leadSections = [] }: InboxOptions) {
  const routes = new Hono<StaffEnv>();
  routes.use(inboxPath, requireStaff);
  routes.use(`${inboxPath}/*`, requireStaff);

  const me = (c: Context<StaffEnv>) => c.get("staff")!;
  /** A lead that does not exist, or one the role may not see: the same answer, so an id tells nothing. */
  const notFound = (c: Context<StaffEnv>) => (wantsJson(c) ? c.json({ error: "not found" }, 404) : page(c, { title: t.notFound, body: <p>{t.notFound}</p>, status: 404 }));

  /** The staff who may see a type: the people a lead of that type can be assigned to. */
  const staffFor = async (types: readonly string[]) => (await listStaff()).filter((s) => leadTypesFor(s.role).some((type) => types.includes(type)));

  routes.get(inboxPath, async (c) => {
    const staff = me(c);
    const types = leadTypesFor(staff.role);
    if (types.length === 0) return forbidden(c);
    const { filter, problems } = parseFilter(new URL(c.req.url).searchParams);
    if (filter.type && !types.includes(filter.type)) return forbidden(c);
    const pageNumber = Math.min(Math.max(1, Number.parseInt(c.req.query("page") ?? "1", 10) || 1), 1_000_000);
    const [list, counts, people] = await Promise.all([listLeads(db, { types, staffId: staff.id, filter, page: pageNumber }), countNew(db, types), staffFor(types)]);
    const fieldOf = (problem: string) => (problem.startsWith("From") ? "filter-from" : problem.startsWith("To") ? "filter-to" : undefined);
    const atField = (id: string) => problems.find((p) => fieldOf(p) === id);
    return page(c, {
      title: t.inboxTitle,
      body: <InboxView me={staff} types={types} filter={filter} problems={{ from: atField("filter-from"), to: atField("filter-to") }} list={list} newCount={counts.total} staff={people} />,
      status: problems.length ? 400 : 200,
      problems: problems.map((message) => ({ message, fieldId: fieldOf(message) })),
    });
  });

  // Before /:id, which would take "export.csv" for an id.
  routes.get(exportPath, async (c) => {
    const staff = me(c);
    const types = leadTypesFor(staff.role);
    if (types.length === 0) return forbidden(c);
    const { filter, problems } = parseFilter(new URL(c.req.url).searchParams);
    if (filter.type && !types.includes(filter.type)) return forbidden(c);
    if (problems.length) return c.text(problems.join("\n"), 400);
    const names = new Map((await listStaff()).map((s) => [s.id, s.name]));
    await recordAudit(c, { actor: staff, action: "lead.export", target: `export:${filter.type ?? types.join("+")}`, detail: { ...filter } });
    const chunks = exportCsv(db, { types, filter, assigneeName: (id) => names.get(id) ?? id });
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
    });
  });

  const leadId = (c: Context<StaffEnv>) => {
    const raw = c.req.param("id") ?? "";
    return /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
  };

  /** A lead's page; `noteError` and `note` re-show a refused note with what was typed, `problem` any other refusal. */
  const showLead = async (c: Context<StaffEnv>, id: number, extra: { problem?: Problem; note?: string; status?: 400 | 409 } = {}) => {
    const staff = me(c);
    const lead = await getLead(db, leadTypesFor(staff.role), id);
    if (!lead.ok) return notFound(c);
    const people = await staffFor([lead.value.type]);
    const noteError = extra.problem?.fieldId === "note" ? extra.problem.message : undefined;
    const sections = await Promise.all(leadSections.map((section) => section(c, lead.value)));
    return page(c, {
      title: t.leadTitle(lead.value.reference, typeLabels[lead.value.type], fieldText(lead.value.content, "name")),
      body: <LeadView lead={lead.value} staff={people} noteError={noteError} note={extra.note} sections={sections} />,
      status: extra.status ?? 200,
      problems: extra.problem ? [extra.problem] : undefined,
    });
  };

  routes.get(`${inboxPath}/:id`, async (c) => {
    const staff = me(c);
    const id = leadId(c);
    if (id === undefined) return notFound(c);
    const response = await showLead(c, id);
    if (response.status === 200) {
      await markRead(db, id, staff.id);
      await recordAudit(c, { actor: staff, action: "lead.view", target: `lead:${id}` });
    }
    return response;
  });

  routes.get(`${inboxPath}/:id/files/:fileId`, async (c) => {
    const staff = me(c);
    const id = leadId(c);
    const fileId = c.req.param("fileId");
    if (id === undefined || !/^\d{1,15}$/.test(fileId)) return notFound(c);
    const file = await getLeadFile(db, leadTypesFor(staff.role), id, Number(fileId));
    if (!file.ok) return notFound(c);
    await recordAudit(c, { actor: staff, action: "lead.file", target: `lead:${id}`, detail: { file: file.value.filename } });
    const ascii = file.value.filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
    // Always a download, never shown in the browser: a visitor's file is not trusted.
    return c.body(new Uint8Array(file.value.content), 200, {
      "Content-Type": "application/octet-stream",
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.value.filename)}`,
      "X-Content-Type-Options": "nosniff",
    });
  });

  /** After a change: 303 back to the lead, or the lead's page with the reason and what was typed. */
  const afterChange = async (c: Context<StaffEnv>, id: number, change: Change, typed: { note?: string; fieldId?: string } = {}) => {
    if (change.ok) return c.redirect(leadPath(id), 303);
    if (change.reason !== "refused") return notFound(c);
    return showLead(c, id, { problem: { message: change.message, fieldId: typed.fieldId }, note: typed.note, status: 409 });
  };

  const formOf = async (c: Context<StaffEnv>) => {
    const form = await readPostedForm(c);
    return form ? (name: string) => textField(form, name) : undefined;
  };

  routes.post(`${inboxPath}/:id/status`, async (c) => {
    const staff = me(c);
    const id = leadId(c);
    if (id === undefined) return notFound(c);
    const form = await formOf(c);
    const from = form?.("from");
    const to = form?.("to");
    if (!from || !to) return showLead(c, id, { problem: { message: t.badRequest }, status: 400 });
    const change = await changeStatus(db, { types: leadTypesFor(staff.role), actor: staff, leadId: id, from, to });
    if (change.ok) await recordAudit(c, { actor: staff, action: "lead.status", target: `lead:${id}`, detail: { from, to } });
    return afterChange(c, id, change);
  });

  routes.post(`${inboxPath}/:id/assign`, async (c) => {
    const staff = me(c);
    const id = leadId(c);
    if (id === undefined) return notFound(c);
    const form = await formOf(c);
    const assignee = form?.("assignee");
    if (assignee === undefined) return showLead(c, id, { problem: { message: t.badRequest }, status: 400 });
    const lead = await getLead(db, leadTypesFor(staff.role), id);
    if (!lead.ok) return notFound(c);
    const person = assignee ? (await staffFor([lead.value.type])).find((s) => s.id === assignee) : undefined;
    if (assignee && !person) return showLead(c, id, { problem: { message: t.unknownAssignee, fieldId: "assignee" }, status: 400 });
    // Whoever takes a lead themselves knows it already; anyone else given it is told.
    const mailer = person && person.id !== staff.id && person.id !== lead.value.assigneeId ? assignmentMail : undefined;
    const mail = mailer &&
      person && {
        recipient: person.email,
        eml: await composeAssignmentMail({
          from: mailer.from,
          to: person,
          actor: staff.name,
          lead: { ...lead.value, topic: topicOf(lead.value.content) },
          origin: mailer.origin(c),
        }),
      };
    const change = await assignLead(db, { types: leadTypesFor(staff.role), actor: staff, leadId: id, assigneeId: assignee || null, mail });
    if (change.ok && mail) mailer.queued();
    if (change.ok) await recordAudit(c, { actor: staff, action: "lead.assign", target: `lead:${id}`, detail: { assignee: assignee || null } });
    return afterChange(c, id, change);
  });

  routes.post(`${inboxPath}/:id/notes`, async (c) => {
    const staff = me(c);
    const id = leadId(c);
    if (id === undefined) return notFound(c);
    const form = await formOf(c);
    const note = form?.("note") ?? "";
    const change = await addNote(db, { types: leadTypesFor(staff.role), actor: staff, leadId: id, body: note });
    if (change.ok) await recordAudit(c, { actor: staff, action: "lead.note", target: `lead:${id}` });
    return afterChange(c, id, change, { note, fieldId: "note" });
  });

  return routes;
}
