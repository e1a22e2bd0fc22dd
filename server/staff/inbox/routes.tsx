/** @jsxImportSource hono/jsx */
import { randomUUID } from "node:crypto";
import { eq, isNull, or } from "drizzle-orm";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { Child } from "hono/jsx";
import type { Database } from "../../db/db";
import { readPostedForm, textField, type RefusedField, type RefusedFieldAnswer } from "../../platform/form-reader";
import { recordAudit, type AuditEntry } from "../audit";
import type { StaffApp, StaffDesk } from "../desk-context";
import { forbiddenPage, requestOrigin, requireStaff, wantsJson, type StaffEnv } from "../guard";
import { staffPaths } from "../../../app/lib/contracts/staff-paths";
import { leadTypesFor, staffRoles, type StaffRole, type StaffUser } from "../roles";
import { staffUsers } from "../schema";
import { deleteSavedView, listSavedViews, savedViewNameMaxLength, savedViewsMax, saveView, type SavedView } from "../saved-views";
import { staffPage, type Problem } from "../ui";
import {
  addNote,
  assignLead,
  assignLeads,
  bulkLimit,
  changeStatus,
  changeStatuses,
  countCustomerLeads,
  countNew,
  customerLeads,
  getLead,
  getLeadFile,
  leadNeighbours,
  leadsForBulk,
  leadLocales,
  listLeads,
  listWaiting,
  markLeads,
  markRead,
  type AssignmentMail,
  type Change,
  type CustomerKey,
  type ExactCountLimits,
  type LeadDetail,
  type PageAt,
} from "../../leads/inbox";
import { leadMessagesOf } from "../../leads/conversations";
import type { Addresses } from "../../mail/addresses";
import { companyAddressFor, quoteOf, quotedMessage, replyKeyPattern, replyMaxLength, replySubject, sendLeadReply } from "../../mail/replies";
import type { LeadFile } from "../../../app/lib/contracts/leads";
import { attachmentTypes, quoteLimits, quoteRequestMaxBodyBytes, type AttachmentFacts } from "../../../app/lib/contracts/quote";
import { attachmentsSchema, detectAttachmentType } from "../../../app/lib/contracts/quote-check";
import type { ReplyTemplate } from "../../../app/lib/contracts/server-settings";
import { withoutInvisibleControls } from "../../../app/lib/contracts/visible-text";
import { fieldText, topicOf } from "../../leads/lead-record";
import { isStatus, nextStatuses, statusesOfTypes, statusLabels, transitionRefusal, typeLabels, type LeadStatus } from "../../leads/workflow";
import { composeAssignmentMail } from "../../mail/assignment-mail";
import { exportCsv } from "./csv-export";
import { filterParams, parseFilter } from "./filter";
import { bulkText as bt, savedViewText as vt, conversationText as ct, customerText as cu, followUpText as fu, inboxText as t } from "./texts";
import { bulkPath, exportPath, InboxView, viewsPath, inboxPath, LeadView, leadPath, NewLeadsBadge, waitingPath, type StaffMember } from "./views";
import { WaitingView, type ReplyFormState } from "./conversation-views";
import { CustomerView } from "./customer-views";
import { LateRepliesTable, ReportsView, reportCsvRows, reportsCsvPath, reportsPath } from "./report-views";
import { csvDocument } from "./csv";
import { reportRows } from "../../leads/reports";
import { lateFirstReplies, lateLaterReplies, weekOf, weeklyFigures } from "../reports";
import { loadResponseTargets } from "../response-targets";
import { localDate, startOfLocalDay } from "../../platform/zoned-time";
import { reasonOf } from "../../platform/log-text";
import { ObjectStorageError } from "../../platform/object-storage";
import { FileMissing, LeadFiles } from "../../leads/files";
import { followUpOf, returnFollowUps, setFollowUp } from "../../leads/follow-ups";
import { quotationsOfLead } from "../../leads/quotations";
import { unansweredQuotations, type UnansweredQuotation } from "../../leads/unanswered-quotations";
import { fillReplyTemplate, followUpTemplateOf, loadFollowUpDays, type TemplateQuotation } from "../quotations/follow-up";
import { unansweredWords, type UnansweredContext } from "./unanswered-views";

/** Wraps a page's content in the staff desk's layout; `problems` become its error summary. */
export type InboxPage = (
  c: Context<StaffEnv>,
  view: { title: string; body: Child; status?: 200 | 400 | 404 | 409 | 413 | 503; problems?: Problem[]; current?: string; notice?: string },
) => Response | Promise<Response>;

export type InboxOptions = {
  db: Database;
  /** Where the leads' files are (decision 0161); default: in the database. */
  files?: LeadFiles;
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
  /** Up to how many matches the list is counted exactly (server/leads/inbox.ts); tests lower it to page an estimated list of a few leads. */
  exactCountUpTo?: ExactCountLimits;
  /** Replies from the lead's page (decision 0100): the company's addresses and what wakes the relay; the form says replies cannot be sent without. */
  replies?: { addresses: Addresses; queued: () => void };
  /** The studio's reply templates. */
  replyTemplates?: (locale?: string) => Promise<ReplyTemplate[]>;
  /** IMAP_URL is set: the buyer's answers come back to the desk. */
  repliesComeBack?: boolean;
  /** The clock (waiting times); injected by tests. */
  now?: () => Date;
  /** DIGEST_TIME_ZONE: the reports' weeks and working days. */
  timeZone?: string;
  /** More sections of a lead's page, after its details (a quote request's quotations). */
  leadSections?: ReadonlyArray<(c: Context<StaffEnv>, lead: LeadDetail) => Promise<Child>>;
  /** Each member's saved views of the list (decision 0152), kept in the desk's table; none without. */
  savedViews?: SavedViews;
};

/** Where the saved views are kept (`./saved-views.ts` on the desk's database). */
export type SavedViews = {
  list: (staffId: string) => Promise<SavedView[]>;
  save: (view: { staffId: string; name: string; query: string }) => Promise<"saved" | "full">;
  remove: (view: { staffId: string; id: number }) => Promise<boolean>;
};

/** The staff desk's layout with the inbox's nav link marked current, or `current`'s (the reports'). */
export const kitPage: InboxPage = (c, { title, body, status = 200, problems, current = staffPaths.leads, notice }) =>
  c.html(staffPage({ title, staff: c.get("staff"), body, current, problems, notice }), status);

/** Active accounts with a known role, by name. */
export async function listStaffMembers(db: Database): Promise<StaffMember[]> {
  const users = await db
    .select({ id: staffUsers.id, email: staffUsers.email, name: staffUsers.name, role: staffUsers.role })
    .from(staffUsers)
    .where(or(isNull(staffUsers.banned), eq(staffUsers.banned, false)))
    .orderBy(staffUsers.name);
  return users.filter((u): u is StaffMember => (staffRoles as readonly (string | null)[]).includes(u.role)).map((u) => ({ ...u, role: u.role as StaffRole }));
}

/** Who a lead's customer is (decision 0149): its e-mail address and its company's name, as it gave them. */
const customerOf = (lead: LeadDetail): CustomerKey => ({ email: fieldText(lead.content, "email").trim(), company: fieldText(lead.content, "company").trim() });

/** A section of a lead's page, made from the desk (the quotations of a quote request). */
export type LeadSection = (desk: StaffDesk) => (c: Context<StaffEnv>, lead: LeadDetail) => Promise<Child>;

/** The inbox in the staff desk (`createStaffDesk({ routes: [mountInbox] })`): its guard, audit log and layout. */
export function mountInbox(app: StaffApp, desk: StaffDesk) {
  inboxWith({})(app, desk);
}

/** The inbox with more sections on a lead's page (`createStaffDesk({ routes: [inboxWith({ leadSections })] })`). */
export const inboxWith =
  ({ leadSections = [] }: { leadSections?: readonly LeadSection[] }) =>
  (app: StaffApp, desk: StaffDesk) => {
    const { mail } = desk;
    app.route(
      "/",
      createInboxRoutes({
        db: desk.db,
        files: desk.files,
        requireStaff: requireStaff(...staffRoles.filter((role) => leadTypesFor(role).length > 0)),
        recordAudit: (c, entry) => recordAudit(desk.db, { ...entry, ip: desk.clientAddress(c) }),
        forbidden: (c) => forbiddenPage(c, c.get("staff")),
        page: kitPage,
        listStaff: () => listStaffMembers(desk.db),
        assignmentMail: mail && { from: mail.from, origin: (c) => requestOrigin(c, desk.trustedProxies), queued: () => mail.relayNow() },
        replies: mail && { addresses: mail.addresses, queued: () => mail.relayNow() },
        replyTemplates: desk.replyTemplates,
        repliesComeBack: desk.repliesComeBack,
        timeZone: desk.timeZone,
        now: desk.now,
        leadSections: leadSections.map((section) => section(desk)),
        savedViews: {
          list: (staffId) => listSavedViews(desk.db, staffId),
          save: (view) => saveView(desk.db, view),
          remove: (view) => deleteSavedView(desk.db, view),
        },
      }),
    );
  };

/** The new-leads badge for the desk's home page, where staff land after signing in; nothing for a role without leads. */
export async function newLeadsBadge(db: Database, staff: StaffUser): Promise<Child> {
  if (leadTypesFor(staff.role).length === 0) return null;
  const { total, estimated } = await countNew(db, leadTypesFor(staff.role));
  return (
    <p>
      <NewLeadsBadge count={total} estimated={estimated} />
    </p>
  );
}

/**
 * The staff inbox: the list (/staff/leads), its CSV export, a lead's page, its files and the POST
 * forms that change a lead (303 back to the lead). Every route checks the role on the server: a role
 * that may not see a lead type gets 403 for the type (a filter, the export) and nothing of it, counts
 * included; a lead of that type is not there for it (404, as an id that does not exist).
 */
export function createInboxRoutes({
  db,
  files: leadFiles = new LeadFiles(),
  requireStaff,
  recordAudit,
  forbidden,
  page,
  listStaff,
  assignmentMail,
  exactCountUpTo,
  replies,
  replyTemplates = async () => [],
  repliesComeBack = false,
  now = () => new Date(),
  timeZone = "Asia/Dhaka",
  leadSections = [],
  savedViews,
}: InboxOptions) {
  const routes = new Hono<StaffEnv>();
  routes.use(inboxPath, requireStaff);
  routes.use(`${inboxPath}/*`, requireStaff);

  const me = (c: Context<StaffEnv>) => c.get("staff")!;
  /** A lead that does not exist, or one the role may not see: the same answer, so an id tells nothing. */
  const notFound = (c: Context<StaffEnv>) =>
    wantsJson(c) ? c.json({ error: "not found" }, 404) : page(c, { title: t.notFound, body: <p>{t.notFound}</p>, status: 404 });

  /** The staff who may see a type: the people a lead of that type can be assigned to. */
  const staffFor = async (types: readonly string[]) => (await listStaff()).filter((s) => leadTypesFor(s.role).some((type) => types.includes(type)));

  /** The page a list's query asks for (`page`, `after`, `before`), kept when the bulk actions come back to it. */
  const pageParams = (params: URLSearchParams) => {
    const kept = new URLSearchParams();
    const page = params.get("page") ?? "";
    if (page === "last" || /^\d{1,7}$/.test(page)) kept.set("page", page);
    for (const name of ["after", "before"]) if (/^\d{1,15}$/.test(params.get(name) ?? "")) kept.set(name, params.get(name)!);
    return kept;
  };
  /** A list's own query: its filter (as read, values set aside left out) and its page; nothing else it was given. */
  const listQuery = (params: URLSearchParams) => {
    const query = filterParams(parseFilter(params).filter);
    for (const [name, value] of pageParams(params)) query.set(name, value);
    return query;
  };

  /**
   * Quotations the buyer has not answered (decision 0158), for a role that sees quote requests: the
   * reader's own and the ones nobody has (every such role takes quotations), and those among `pageLeads`.
   */
  const unansweredOf = async (types: readonly string[], staffId: string, pageLeads: number[]): Promise<UnansweredContext | undefined> => {
    if (!types.includes("quote")) return undefined;
    const at = now();
    const days = await loadFollowUpDays(db);
    const [mine, onPage] = await Promise.all([
      unansweredQuotations(db, { now: at, days, scope: { assigneeId: staffId, unassignedToo: true } }),
      unansweredQuotations(db, { now: at, days, scope: { leadIds: pageLeads } }),
    ]);
    return { mine, byLead: new Map(onPage.quotations.map((q) => [q.leadId, q])), days, now: at };
  };

  /** A quote lead's newest sent version, as a reply template's quotation placeholders need it. */
  const templateQuotationOf = async (lead: LeadDetail): Promise<TemplateQuotation | undefined> => {
    if (lead.type !== "quote") return undefined;
    const newest = (await quotationsOfLead(db, lead.id)).find((q) => q.version !== null && q.sentAt !== null);
    return newest && { reference: lead.reference, version: newest.version!, sentAt: newest.sentAt!, validUntil: newest.validUntil, lines: newest.lines };
  };

  /** The list for `params` (a filter, a page); `notice` after a bulk action, `refused` a bulk action's problem (400). */
  const showInbox = async (
    c: Context<StaffEnv>,
    params: URLSearchParams,
    { notice, refused, viewName }: { notice?: string; refused?: Problem; viewName?: string } = {},
  ) => {
    const staff = me(c);
    const types = leadTypesFor(staff.role);
    if (types.length === 0) return forbidden(c);
    const { filter, problems } = parseFilter(params);
    if (filter.type && !types.includes(filter.type)) return forbidden(c);
    // The page asked for: `page` (a number, or "last"), and the lead it follows (`after`) or precedes (`before`): keyset paging, decision 0089.
    const cursor = (name: string) => {
      const raw = params.get(name) ?? "";
      return /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
    };
    const asked = params.get("page");
    const pageAsked: PageAt =
      asked === "last"
        ? { last: true }
        : { page: Math.min(Math.max(1, Number.parseInt(asked ?? "1", 10) || 1), 1_000_000), after: cursor("after"), before: cursor("before") };
    const [list, counts, people, views, targets, locales] = await Promise.all([
      listLeads(db, { types, staffId: staff.id, filter, ...pageAsked, exactUpTo: exactCountUpTo }),
      countNew(db, types),
      staffFor(types),
      savedViews?.list(staff.id),
      loadResponseTargets(db),
      leadLocales(db, types),
    ]);
    const unanswered = await unansweredOf(
      types,
      staff.id,
      list.leads.filter((lead) => lead.type === "quote").map((lead) => lead.id),
    );
    const fieldOf = (problem: string) => (problem.startsWith("From") ? "filter-from" : problem.startsWith("To") ? "filter-to" : undefined);
    const atField = (id: string) => problems.find((p) => fieldOf(p) === id);
    return page(c, {
      title: t.inboxTitle,
      body: (
        <InboxView
          me={staff}
          types={types}
          filter={filter}
          problems={{ from: atField("filter-from"), to: atField("filter-to") }}
          list={list}
          locales={locales}
          newCount={counts.total}
          newEstimated={counts.estimated}
          staff={people}
          now={now()}
          back={listQuery(params).toString()}
          views={
            views && {
              saved: views,
              name: viewName,
              error: refused?.fieldId === "view-name" ? refused.message : undefined,
            }
          }
          due={{ targets, timeZone, now: now() }}
          unanswered={unanswered}
        />
      ),
      status: problems.length || refused ? 400 : 200,
      problems: [...(refused ? [refused] : []), ...problems.map((message) => ({ message, fieldId: fieldOf(message) }))],
      notice,
    });
  };

  routes.get(inboxPath, async (c) => {
    const params = new URL(c.req.url).searchParams;
    return showInbox(c, params, { notice: await bulkNotice(c, params) });
  });

  /**
   * The summary of a bulk action (decision 0152), from the query its 303 carries: the action
   * (`bulk`), how many leads changed (`changed`), to whom or what (`target`), the ticked leads left
   * as they were with a code each (`kept`: already, changed, cannot, or the status whose workflow
   * refused the move) and how many were not there (`gone`). Read back in the words of the page, the
   * references from the leads the reader may see: a link made up elsewhere shows nothing it could not.
   */
  const bulkNotice = async (c: Context<StaffEnv>, params: URLSearchParams): Promise<string | undefined> => {
    const action = params.get("bulk");
    if (action !== "assign" && action !== "status" && action !== "read" && action !== "unread") return undefined;
    const changed = /^\d{1,4}$/.test(params.get("changed") ?? "") ? Number(params.get("changed")) : 0;
    const target = params.get("target") ?? "";
    const staff = me(c);
    const types = leadTypesFor(staff.role);
    const people = action === "assign" ? await listStaff() : [];
    const person = people.find((p) => p.id === target);
    const toName = target === "none" ? bt.nobody : person?.name;
    if (action === "assign" && !toName) return undefined;
    if (action === "status" && !isStatus(target)) return undefined;
    const targetStatus = isStatus(target) ? statusLabels[target] : target;
    const leads = bt.leads(changed);
    const done =
      action === "assign"
        ? target === "none"
          ? bt.unassigned(leads)
          : bt.assigned(leads, toName!)
        : action === "status"
          ? bt.moved(leads, targetStatus)
          : action === "read"
            ? bt.markedRead(leads)
            : bt.markedUnread(leads);
    const kept = (params.get("kept") ?? "")
      .split(",")
      .slice(0, bulkLimit)
      .flatMap((entry) => {
        const match = /^(\d{1,15})\.([a-z_]{1,30})$/.exec(entry);
        return match ? [{ id: Number(match[1]), code: match[2]! }] : [];
      });
    const found = new Map(
      (
        await leadsForBulk(
          db,
          types,
          kept.map((k) => k.id),
        )
      ).map((lead) => [lead.id, lead]),
    );
    const reasons = kept.flatMap(({ id, code }) => {
      const lead = found.get(id);
      if (!lead) return [];
      if (code === "changed") return [bt.why.changed(lead.reference)];
      if (code === "already")
        return [action === "assign" ? bt.why.alreadyAssigned(lead.reference, toName!) : bt.why.alreadyThere(lead.reference, targetStatus)];
      if (code === "cannot" && action === "assign") return [bt.why.cannotSee(lead.reference, toName!, typeLabels[lead.type])];
      if (action === "status" && isStatus(code)) {
        const next = nextStatuses(lead.type, code);
        return [bt.why.workflow(lead.reference, statusLabels[code], next.map((s) => statusLabels[s]).join(" or "))];
      }
      return [];
    });
    const gone = /^\d{1,4}$/.test(params.get("gone") ?? "") ? Number(params.get("gone")) : 0;
    if (gone > 0) reasons.push(bt.why.gone(gone));
    const left = reasons.length ? `; ${bt.leftAsItWas(kept.filter((k) => found.has(k.id)).length + gone, reasons.join("; "))}` : "";
    return `${done}${left}.`;
  };

  // Saved views (decision 0152): the filter shown, under a name, for the one who saves it.
  routes.post(viewsPath, async (c) => {
    const staff = me(c);
    if (!savedViews) return notFound(c);
    const form = await readPostedForm(c);
    const backParams = listQuery(new URLSearchParams(form ? (textField(form, "back") ?? "") : ""));
    const name = (form ? (textField(form, "name") ?? "") : "").trim();
    const refuse = (message: string) => showInbox(c, backParams, { refused: { message, fieldId: "view-name" }, viewName: name });
    if (!form) return showInbox(c, backParams, { refused: { message: t.badRequest } });
    const query = filterParams(parseFilter(backParams).filter).toString();
    if (!query) return refuse(vt.noFilter);
    if (!name) return refuse(vt.noName);
    if (name.length > savedViewNameMaxLength) return refuse(vt.nameTooLong(savedViewNameMaxLength));
    if ((await savedViews.save({ staffId: staff.id, name, query })) === "full") return refuse(vt.full(savedViewsMax));
    return c.redirect(`${inboxPath}?${query}`, 303);
  });

  routes.post(`${viewsPath}/:viewId/delete`, async (c) => {
    const staff = me(c);
    const raw = c.req.param("viewId");
    if (!savedViews || !/^\d{1,15}$/.test(raw)) return notFound(c);
    const form = await readPostedForm(c);
    if (!(await savedViews.remove({ staffId: staff.id, id: Number(raw) }))) return notFound(c);
    const back = listQuery(new URLSearchParams(form ? (textField(form, "back") ?? "") : "")).toString();
    return c.redirect(back ? `${inboxPath}?${back}` : inboxPath, 303);
  });

  // Bulk actions on the ticked leads (decision 0152): one POST, each change as its single-lead
  // action makes it (the workflow, who may be given a lead, the history, the audit log), all of one
  // action in one statement; then 303 back to the same list with what was done and what was not.
  routes.post(bulkPath, async (c) => {
    const staff = me(c);
    const types = leadTypesFor(staff.role);
    if (types.length === 0) return forbidden(c);
    const form = await readPostedForm(c);
    const backParams = listQuery(new URLSearchParams(form ? (textField(form, "back") ?? "") : ""));
    const refuse = (message: string, fieldId?: string) => showInbox(c, backParams, { refused: { message, fieldId } });
    if (!form) return refuse(t.badRequest);
    const ticked = form.getAll("lead");
    if (ticked.length === 0) return refuse(bt.noneTicked);
    if (ticked.some((value) => typeof value !== "string" || !/^\d{1,15}$/.test(value))) return refuse(t.badRequest);
    const ids = [...new Set(ticked.map(Number))];
    if (ids.length > bulkLimit) return refuse(bt.tooMany(bulkLimit));
    const action = textField(form, "action");
    if (action !== "assign" && action !== "status" && action !== "read" && action !== "unread") return refuse(bt.unknownAction);

    let to: LeadStatus | undefined;
    let person: StaffMember | undefined;
    if (action === "status") {
      const status = textField(form, "status") ?? "";
      if (!isStatus(status) || !statusesOfTypes(types).includes(status)) return refuse(bt.badStatus, "bulk-status");
      to = status;
    }
    const assignee = action === "assign" ? (textField(form, "assignee") ?? "") : "";
    if (action === "assign" && assignee !== "none") {
      person = (await listStaff()).find((s) => s.id === assignee && leadTypesFor(s.role).length > 0);
      if (!person) return refuse(bt.unknownAssignee, "bulk-assignee");
    }

    // A lead the role may not see is not there for it, as an id no lead has (decision 0051).
    const leads = await leadsForBulk(db, types, ids);
    if (leads.length === 0) return refuse(bt.noneThere);
    const kept: string[] = [];
    let changed = 0;
    let target = "";
    if (action === "read" || action === "unread") {
      await markLeads(db, { types, staffId: staff.id, leadIds: leads.map((lead) => lead.id), read: action === "read" });
      changed = leads.length;
    } else if (action === "status" && to) {
      target = to;
      const movable = leads.filter((lead) => {
        if (lead.status === to) kept.push(`${lead.id}.already`);
        else if (transitionRefusal(lead.type, lead.status, to)) kept.push(`${lead.id}.${lead.status}`);
        else return true;
        return false;
      });
      const moved = new Set(
        await changeStatuses(db, { types, actor: staff, to, leads: movable.map((lead) => ({ id: lead.id, type: lead.type, from: lead.status })) }),
      );
      for (const lead of movable) {
        if (!moved.has(lead.id)) kept.push(`${lead.id}.changed`);
        else await recordAudit(c, { actor: staff, action: "lead.status", target: `lead:${lead.id}`, detail: { from: lead.status, to } });
      }
      changed = moved.size;
    } else {
      const assigneeId = person?.id ?? null;
      target = person?.id ?? "none";
      const givable = leads.filter((lead) => {
        if (person && !leadTypesFor(person.role).includes(lead.type)) kept.push(`${lead.id}.cannot`);
        else if (lead.assigneeId === assigneeId) kept.push(`${lead.id}.already`);
        else return true;
        return false;
      });
      // Whoever takes leads themselves knows them already; anyone else given them is told, one e-mail a lead, as when given one (decision 0062).
      const mailer = person && person.id !== staff.id ? assignmentMail : undefined;
      const mails = new Map<number, AssignmentMail>();
      if (mailer && person)
        for (const lead of givable)
          mails.set(lead.id, {
            recipient: person.email,
            eml: await composeAssignmentMail({ from: mailer.from, to: person, actor: staff.name, lead, origin: mailer.origin(c) }),
          });
      const given = new Set(
        await assignLeads(db, { types, actor: staff, assigneeId, mails, leads: givable.map((lead) => ({ id: lead.id, from: lead.assigneeId })) }),
      );
      if (mailer && [...mails.keys()].some((id) => given.has(id))) mailer.queued();
      for (const lead of givable) {
        if (!given.has(lead.id)) kept.push(`${lead.id}.changed`);
        else await recordAudit(c, { actor: staff, action: "lead.assign", target: `lead:${lead.id}`, detail: { assignee: assigneeId } });
      }
      changed = given.size;
    }
    const query = new URLSearchParams(backParams);
    query.set("bulk", action);
    query.set("changed", String(changed));
    if (target) query.set("target", target);
    if (kept.length) query.set("kept", kept.join(","));
    if (ids.length > leads.length) query.set("gone", String(ids.length - leads.length));
    return c.redirect(`${inboxPath}?${query}`, 303);
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
    // The header row and the first batch are read before the answer starts: a query that fails
    // fails as an error answer, not as a download cut after its header (decision 0134).
    const header = await chunks.next();
    const first = header.done ? header : await chunks.next();
    const opening = [header, first].flatMap((read) => (read.done ? [] : [read.value])).join("");
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(opening));
        if (first.done) controller.close();
      },
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

  /**
   * A lead's page; `noteError` and `note` re-show a refused note with what was typed, `reply` the
   * reply form as it was sent (its text, template, errors), `problem` any other refusal.
   */
  /** The filter of the list a lead's page or form names in its query (decision 0154); values set aside are left out. */
  const listFilter = (c: Context<StaffEnv>) => parseFilter(new URL(c.req.url).searchParams).filter;
  /** A lead's address in that list: with the filter, as read again (never the query as sent). */
  const inList = (c: Context<StaffEnv>, path: string) => {
    const query = filterParams(listFilter(c)).toString();
    return query ? `${path}?${query}` : path;
  };

  const showLead = async (
    c: Context<StaffEnv>,
    id: number,
    extra: {
      problem?: Problem;
      problems?: Problem[];
      note?: string;
      reply?: Omit<ReplyFormState, "key"> & { key?: string };
      /** The follow-up date as typed, when refused. */
      followUp?: string;
      status?: 400 | 409 | 413;
    } = {},
  ) => {
    const staff = me(c);
    // A lead whose follow-up day has come is back before it is shown (decision 0153).
    await returnFollowUps(db, now());
    const lead = await getLead(db, leadTypesFor(staff.role), id);
    if (!lead.ok) return notFound(c);
    const [people, messages, templates, customer] = await Promise.all([
      staffFor([lead.value.type]),
      leadMessagesOf(db, id),
      // The saved replies in the lead's language (decision 0164).
      replyTemplates(lead.value.locale).catch(() => []),
      countCustomerLeads(db, { types: leadTypesFor(staff.role), customer: customerOf(lead.value), leadId: id }),
    ]);
    const noteError = extra.problem?.fieldId === "note" ? extra.problem.message : undefined;
    const address = replies ? companyAddressFor(lead.value.type, replies.addresses) : "";
    const problems = [...(extra.problem ? [extra.problem] : []), ...(extra.problems ?? [])];
    // The list it was opened from (its filter in the address, decision 0154): the leads either side of it there.
    const filter = listFilter(c);
    const [sections, targets, followUpAt, unanswered, neighbours] = await Promise.all([
      Promise.all(leadSections.map((section) => section(c, lead.value))),
      loadResponseTargets(db),
      followUpOf(db, id),
      lead.value.type === "quote" ? loadFollowUpDays(db).then((days) => unansweredQuotations(db, { now: now(), days, scope: { leadIds: [id] } })) : undefined,
      leadNeighbours(db, { types: leadTypesFor(staff.role), filter, id }),
    ]);
    const unansweredQuotation: UnansweredQuotation | undefined = unanswered?.quotations[0];
    const quoted = quotedMessage(messages, fieldText(lead.value.content, "email"));
    return page(c, {
      title: t.leadTitle(lead.value.reference, typeLabels[lead.value.type], fieldText(lead.value.content, "name")),
      body: (
        <LeadView
          lead={lead.value}
          me={staff.id}
          around={{
            query: filterParams(filter).toString(),
            list: inList(c, inboxPath),
            previous: neighbours.previous === undefined ? undefined : inList(c, leadPath(neighbours.previous)),
            next: neighbours.next === undefined ? undefined : inList(c, leadPath(neighbours.next)),
          }}
          staff={people}
          noteError={noteError}
          note={extra.note}
          sections={sections}
          customer={customer}
          due={{ targets, timeZone, now: now() }}
          followUp={{
            day: followUpAt && localDate(followUpAt, timeZone),
            typed: extra.followUp,
            error: extra.problem?.fieldId === "follow-up-date" ? extra.problem.message : undefined,
          }}
          conversation={{
            messages,
            from: replies ? `${staff.name} via SSL <${address}>` : "",
            subject: replySubject(lead.value.type, lead.value.reference),
            quotes: quoted && quoteOf(quoted).split("\n")[0],
            templates,
            state: { ...extra.reply, key: extra.reply?.key ?? randomUUID() },
            inboundConnected: repliesComeBack,
            canSend: Boolean(replies),
            now: now(),
            followUp: unansweredQuotation && { words: unansweredWords(unansweredQuotation, now()), suggested: Boolean(followUpTemplateOf(templates)) },
          }}
        />
      ),
      status: extra.status ?? 200,
      problems: problems.length ? problems : undefined,
    });
  };

  // Reports (decision 0105): admin and sales, each the types they may see.
  routes.use(reportsPath, requireStaff);
  routes.use(reportsCsvPath, requireStaff);
  const reportOf = async (c: Context<StaffEnv>) => {
    const staff = me(c);
    if (staff.role !== "admin" && staff.role !== "sales") return undefined;
    const types = leadTypesFor(staff.role);
    const weeks = 12;
    const at = now();
    const from = new Date(`${weekOf(at, timeZone)}T00:00:00Z`);
    from.setUTCDate(from.getUTCDate() - 7 * (weeks - 1) - 1);
    const [data, targets] = await Promise.all([reportRows(db, { types, from }), loadResponseTargets(db)]);
    const period = { types, weeks, now: at, timeZone, targets };
    const late = lateFirstReplies({ leads: data.leads, ...period });
    // Later replies (decision 0157): by the week each went out.
    const lateLater = lateLaterReplies({ replies: data.laterReplies, ...period });
    return { types, figures: weeklyFigures({ ...data, weeks, now: at, timeZone }), late, lateLater, targets };
  };
  routes.get(reportsPath, async (c) => {
    const report = await reportOf(c);
    if (!report) return forbidden(c);
    return page(c, {
      title: "Reports",
      body: (
        <>
          <ReportsView figures={report.figures} types={report.types} />
          <LateRepliesTable weeks={report.late} types={report.types} targets={report.targets} />
          <LateRepliesTable weeks={report.lateLater} types={report.types} targets={report.targets} later />
        </>
      ),
      current: reportsPath,
    });
  });
  routes.get(reportsCsvPath, async (c) => {
    const report = await reportOf(c);
    if (!report) return forbidden(c);
    return c.body(csvDocument(reportCsvRows(report.figures, report.types)), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="reports-${now().toISOString().slice(0, 10)}.csv"`,
    });
  });

  // Before /:id.
  routes.get(waitingPath, async (c) => {
    const staff = me(c);
    const types = leadTypesFor(staff.role);
    if (types.length === 0) return forbidden(c);
    const pageNumber = Math.min(Math.max(1, Number.parseInt(c.req.query("page") ?? "1", 10) || 1), 1_000_000);
    // Leads whose follow-up day has come are waiting again (decision 0153).
    await returnFollowUps(db, now());
    const [list, people] = await Promise.all([listWaiting(db, { types, staffId: staff.id, page: pageNumber }), listStaff()]);
    return page(c, {
      title: ct.waitingTitle,
      body: <WaitingView list={list} now={now()} names={new Map(people.map((p) => [p.id, p.name]))} />,
    });
  });

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

  // A customer's page (decision 0149): the leads of the same address or company the role may see, from one of them.
  routes.get(`${inboxPath}/:id/customer`, async (c) => {
    const staff = me(c);
    const id = leadId(c);
    if (id === undefined) return notFound(c);
    const types = leadTypesFor(staff.role);
    const lead = await getLead(db, types, id);
    if (!lead.ok) return notFound(c);
    const customer = customerOf(lead.value);
    const { leads, more } = await customerLeads(db, { types, customer, leadId: id });
    await recordAudit(c, { actor: staff, action: "lead.customer", target: `lead:${id}`, detail: { leads: leads.length } });
    const who = cu.who(lead.value.type);
    const name = fieldText(lead.value.content, "name") || customer.email || lead.value.reference;
    return page(c, {
      title: cu.title(who, name),
      body: <CustomerView lead={lead.value} who={who} name={name} email={customer.email} company={customer.company} leads={leads} more={more} />,
    });
  });

  routes.get(`${inboxPath}/:id/files/:fileId`, async (c) => {
    const staff = me(c);
    const id = leadId(c);
    const fileId = c.req.param("fileId");
    if (id === undefined || !/^\d{1,15}$/.test(fileId)) return notFound(c);
    const file = await getLeadFile(db, leadTypesFor(staff.role), id, Number(fileId));
    if (!file.ok) return notFound(c);
    // Streamed from where it is (its row, or the bucket as the bucket sends it: decision 0161).
    let body: ReadableStream<Uint8Array>;
    try {
      body = await leadFiles.open(file.value);
    } catch (error) {
      if (error instanceof FileMissing) return notFound(c);
      if (!(error instanceof ObjectStorageError)) throw error;
      console.error(`A lead's file could not be read from the bucket: ${reasonOf(error)}`);
      c.header("Retry-After", "60");
      return page(c, { title: t.fileUnavailable, body: <p>{t.fileUnavailableBody}</p>, status: 503 });
    }
    await recordAudit(c, { actor: staff, action: "lead.file", target: `lead:${id}`, detail: { file: file.value.filename } });
    const ascii = file.value.filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
    // Always a download, never shown in the browser: a visitor's file is not trusted.
    return c.body(body, 200, {
      "Content-Length": String(file.value.size),
      "Content-Type": "application/octet-stream",
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.value.filename)}`,
      "X-Content-Type-Options": "nosniff",
    });
  });

  /** After a change: 303 back to the lead (in the list it was opened from), or the lead's page with the reason and what was typed. */
  const afterChange = async (c: Context<StaffEnv>, id: number, change: Change, typed: { note?: string; fieldId?: string } = {}) => {
    if (change.ok) return c.redirect(inList(c, leadPath(id)), 303);
    if (change.reason !== "refused") return notFound(c);
    return showLead(c, id, { problem: { message: change.message, fieldId: typed.fieldId }, note: typed.note, status: 409 });
  };

  const formOf = async (c: Context<StaffEnv>, refused?: RefusedFieldAnswer) => {
    const form = await readPostedForm(c, refused);
    return form ? (name: string) => textField(form, name) : undefined;
  };

  /** A refused character's problem (decision 0134), at the field it is in when the form shows that field. */
  const refusedProblem = (refused: RefusedField, fieldIds: Record<string, string>): Problem => ({
    message: `${refused.reason[0]!.toUpperCase()}${refused.reason.slice(1)}.`,
    fieldId: fieldIds[refused.field],
  });

  // "Follow up on <date>" (decision 0153): `date` (YYYY-MM-DD, after today in the desk's zone, within a year), or `action` = clear.
  routes.post(`${inboxPath}/:id/follow-up`, async (c) => {
    const staff = me(c);
    const id = leadId(c);
    if (id === undefined) return notFound(c);
    const form = await formOf(c, (_, refused) =>
      showLead(c, id, { problem: { ...refusedProblem(refused, { date: "follow-up-date" }) }, followUp: "", status: 400 }),
    );
    if (!form) return showLead(c, id, { problem: { message: t.badRequest }, status: 400 });
    const types = leadTypesFor(staff.role);
    if (form("action") === "clear") {
      const change = await setFollowUp(db, { types, actor: staff, leadId: id, at: null, day: null });
      if (change.ok) await recordAudit(c, { actor: staff, action: "lead.follow-up", target: `lead:${id}`, detail: { day: null } });
      return afterChange(c, id, change);
    }
    const typed = (form("date") ?? "").trim();
    const today = localDate(now(), timeZone);
    const last = new Date(Date.parse(`${today}T00:00:00Z`) + 366 * 86_400_000).toISOString().slice(0, 10);
    const parsed = /^\d{4}-\d{2}-\d{2}$/.test(typed) ? Date.parse(`${typed}T00:00:00Z`) : Number.NaN;
    const real = !Number.isNaN(parsed) && new Date(parsed).toISOString().slice(0, 10) === typed;
    const problem = !real ? fu.badDate : typed <= today ? fu.notAfterToday(today) : typed > last ? fu.tooFar(last) : undefined;
    if (problem) return showLead(c, id, { problem: { message: problem, fieldId: "follow-up-date" }, followUp: typed, status: 400 });
    const change = await setFollowUp(db, { types, actor: staff, leadId: id, at: startOfLocalDay(typed, timeZone), day: typed });
    if (change.ok) await recordAudit(c, { actor: staff, action: "lead.follow-up", target: `lead:${id}`, detail: { day: typed } });
    return afterChange(c, id, change);
  });

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

  routes.post(`${inboxPath}/:id/reply`, async (c) => {
    const staff = me(c);
    const id = leadId(c);
    if (id === undefined) return notFound(c);
    const types = leadTypesFor(staff.role);
    const lead = await getLead(db, types, id);
    if (!lead.ok) return notFound(c);
    // The files and the form, as large as a quote request may be (the same limits); checked before reading.
    const declared = Number(c.req.header("content-length") ?? "0");
    if (declared > quoteRequestMaxBodyBytes + replyMaxLength * 4)
      return showLead(c, id, { problem: { message: ct.replyTooLarge, fieldId: "reply-files" }, status: 413 });
    // A character no keyboard types: the lead's page again with the reply as typed, the problem at its field.
    const form = await readPostedForm(c, (_, refused) => {
      const problem = refusedProblem(refused, { text: "reply-text", template: "reply-template" });
      const typedKey = textField(refused.typed, "key");
      return showLead(c, id, {
        problem,
        reply: {
          key: typedKey && replyKeyPattern.test(typedKey) ? typedKey : undefined,
          text: textField(refused.typed, "text") ?? "",
          template: textField(refused.typed, "template") ?? "",
          error: problem.fieldId === "reply-text" ? problem.message : undefined,
        },
        status: 400,
      });
    });
    const key = form ? textField(form, "key") : undefined;
    if (!form || !key || !replyKeyPattern.test(key)) return showLead(c, id, { problem: { message: t.badRequest }, status: 400 });
    const text = textField(form, "text") ?? "";
    const template = textField(form, "template") ?? "";
    const action = textField(form, "action");
    if (action === "template" || action === "follow-up") {
      const templates = await replyTemplates(lead.value.locale).catch(() => []);
      // "Use the suggested follow-up" (decision 0158): the template that names {quotation}, whichever is chosen in the list.
      const chosen = action === "follow-up" ? followUpTemplateOf(templates) : templates.find((tpl) => tpl.name === template);
      if (!chosen) return showLead(c, id, { problem: { message: ct.unknownTemplate, fieldId: "reply-template" }, reply: { key, text, template }, status: 400 });
      // {staff}: the signature, the name of whoever is signed in and sends it (decision 0135); {quotation} and its
      // companions from the lead's newest version (decision 0158).
      const filled = fillReplyTemplate(chosen.text, {
        name: fieldText(lead.value.content, "name"),
        reference: lead.value.reference,
        staff: staff.name,
        quotation: await templateQuotationOf(lead.value),
      });
      // The template's text joins what was already typed, never replaces it.
      return showLead(c, id, { reply: { key, text: text.trim() ? `${text.trimEnd()}\n\n${filled}` : filled, template } });
    }
    if (!replies) return showLead(c, id, { problem: { message: ct.cannotSend }, reply: { key, text, template }, status: 409 });
    const files = form.getAll("attachments").filter((f): f is File => f instanceof File && f.size > 0);
    const contents = await Promise.all(files.slice(0, quoteLimits.maxAttachments + 1).map(async (f) => new Uint8Array(await f.arrayBuffer())));
    const facts: AttachmentFacts[] = files.map((f, i) => ({ name: f.name, size: f.size, type: contents[i] ? detectAttachmentType(contents[i]) : undefined }));
    const problems: Problem[] = [];
    if (!text.trim()) problems.push({ message: ct.replyEmpty, fieldId: "reply-text" });
    const checked = attachmentsSchema.safeParse(facts);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const file = typeof issue.path[0] === "number" ? facts[issue.path[0]] : undefined;
        const message =
          issue.message === "attachments-too-many"
            ? ct.filesTooMany(quoteLimits.maxAttachments)
            : issue.message === "attachment-too-large"
              ? ct.fileTooLarge(file?.name ?? "", quoteLimits.attachmentMaxBytes / 1024 / 1024)
              : issue.message === "attachment-type"
                ? ct.fileType(file?.name ?? "")
                : ct.filesTooLarge(quoteLimits.attachmentsMaxTotalBytes / 1024 / 1024);
        problems.push({ message, fieldId: "reply-files" });
      }
    }
    if (problems.length) {
      return showLead(c, id, {
        problems,
        reply: {
          key,
          text,
          template,
          error: problems.find((p) => p.fieldId === "reply-text")?.message,
          filesError:
            problems
              .filter((p) => p.fieldId === "reply-files")
              .map((p) => p.message)
              .join(" ") || undefined,
        },
        status: 400,
      });
    }
    const attachments: LeadFile[] = files.map((f, i) => {
      const type = attachmentTypes[facts[i]!.type!];
      // The name as the staff member's file had it, without bidi tricks, with the extension of its content.
      const base =
        withoutInvisibleControls(f.name)
          .replace(/[/\\\r\n]/g, "_")
          .replace(/\.[^.]*$/, "")
          .slice(0, 200) || "attachment";
      return { filename: `${base}${type.extension}`, contentType: type.mimeType, content: Buffer.from(contents[i]!) };
    });
    const sent = await sendLeadReply(db, { types, actor: staff, leadId: id, text, attachments, key, addresses: replies.addresses }, leadFiles);
    if (!sent.ok) {
      if (sent.reason !== "refused") return notFound(c);
      return showLead(c, id, { problem: { message: sent.message, fieldId: "reply-text" }, reply: { key, text, template, error: sent.message }, status: 409 });
    }
    if (!sent.duplicate) {
      replies.queued();
      await recordAudit(c, {
        actor: staff,
        action: "lead.reply",
        target: `lead:${id}`,
        detail: { files: attachments.length, ...(sent.movedTo ? { status: sent.movedTo } : {}) },
      });
    }
    return c.redirect(`${inList(c, leadPath(id))}#timeline-heading`, 303);
  });

  routes.post(`${inboxPath}/:id/notes`, async (c) => {
    const staff = me(c);
    const id = leadId(c);
    if (id === undefined) return notFound(c);
    // A character no keyboard types: the lead's page again with the note as typed, the problem at its field.
    const form = await formOf(c, (_, refused) =>
      showLead(c, id, { problem: refusedProblem(refused, { note: "note" }), note: textField(refused.typed, "note"), status: 400 }),
    );
    const note = form?.("note") ?? "";
    const change = await addNote(db, { types: leadTypesFor(staff.role), actor: staff, leadId: id, body: note });
    if (change.ok) await recordAudit(c, { actor: staff, action: "lead.note", target: `lead:${id}` });
    return afterChange(c, id, change, { note, fieldId: "note" });
  });

  return routes;
}
