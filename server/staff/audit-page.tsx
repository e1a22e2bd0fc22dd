/** @jsxImportSource hono/jsx */
import { accountNames, auditActions, buyerActions, listAudit, type AuditAction, type AuditRow } from "./audit";
import type { StaffDesk } from "./desk-context";
import { requireStaff } from "./guard";
import { staffPaths } from "../../app/lib/contracts/staff-paths";
import { Button, ButtonLink, DataTable, InputField, SelectField, staffPage, staffText, UtcTime } from "./ui";
import { query, readQuery, searchParamsOf } from "../platform/query-reader";
import { dayAfter, utcDay } from "../platform/utc-time";

const t = staffText.audit;

/** Groups of actions the filter offers as one choice, before their first action ("lead." = every lead action). */
const groups: Record<string, string> = {
  "lead.": "lead.* (every lead action)",
  "quotation.": "quotation.* (every quotation action, the buyer's answers too)",
  "account.": "account.* (every account change)",
  "content.": "content.* (every studio save and restore, publish and discard)",
};

/** Every action the log records, each group's choice before its first. */
const actionOptions: Array<{ value: string; label: string }> = [
  { value: "", label: t.anyAction },
  ...auditActions.flatMap((action) => {
    const group = Object.keys(groups).find((prefix) => action.startsWith(prefix));
    const first = group !== undefined && auditActions.find((a) => a.startsWith(group)) === action;
    return [...(first ? [{ value: group, label: groups[group]! }] : []), { value: action, label: action }];
  }),
];

/** Who did it: the account's e-mail, or for a buyer's answer the lead's reference and e-mail. */
function who(row: AuditRow): string {
  if (!byBuyer(row)) return row.actorEmail;
  const reference = typeof row.detail.reference === "string" ? row.detail.reference : "";
  return t.buyer(reference, row.actorEmail === reference ? "" : row.actorEmail);
}

const byBuyer = (row: AuditRow) => buyerActions.includes(row.action as AuditAction);

/** The detail in words: an assignment names the assignee (or says unassigned); other values as "key: value". */
function detailText(row: AuditRow, names: ReadonlyMap<string, string>): string {
  const parts = Object.entries(row.detail).map(([key, value]) => {
    if (row.action === "lead.assign" && key === "assignee")
      return typeof value === "string" && value ? t.assignedTo(names.get(value) ?? t.formerAccount) : t.unassigned;
    if (byBuyer(row) && key === "reference") return "";
    return `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`;
  });
  return [...parts, row.ip ? `IP ${row.ip}` : ""].filter(Boolean).join(" · ");
}

const pageSize = 100;

/** The log's filters and its paging, each read within its range (decision 0134). */
const auditQuery = {
  action: query.oneOf(
    "Action",
    actionOptions.map((o) => o.value),
    "is not an action of the filter",
  ),
  q: query.text("Search", 200),
  from: query.day("From date"),
  to: query.day("To date"),
  before: query.integer("Older than entry", 1),
};

/** /staff/audit (admin only): the log, newest first, filtered by action, who or target, and dates; read only. */
export function auditRoutes({ app, db }: StaffDesk) {
  app.get(staffPaths.audit, requireStaff("admin"), async (c) => {
    const staff = c.get("staff")!;
    const { values, problems } = readQuery(searchParamsOf(c.req.url), auditQuery);
    const query = { action: values.action ?? "", search: values.q ?? "", from: values.from ?? "", to: values.to ?? "" };
    const to = utcDay(query.to);
    const rows = problems.length
      ? []
      : await listAudit(db, {
          action: query.action || undefined,
          search: query.search || undefined,
          from: utcDay(query.from),
          to: to ? dayAfter(to) : undefined,
          before: values.before,
          limit: pageSize,
        });
    const names = await accountNames(
      db,
      rows.flatMap((r) => (r.action === "lead.assign" && typeof r.detail.assignee === "string" ? [r.detail.assignee] : [])),
    );
    const older =
      rows.length === pageSize
        ? new URLSearchParams({ action: query.action, q: query.search, from: query.from, to: query.to, before: String(rows[rows.length - 1]!.id) }).toString()
        : undefined;
    const body = (
      <>
        <p>{t.readOnly}</p>
        <form method="get" action={staffPaths.audit} class="filters" role="search" aria-label={t.filter}>
          <SelectField name="action" label={t.action} value={query.action} options={actionOptions} />
          <InputField name="q" type="search" label={t.search} value={query.search} />
          <InputField name="from" type="date" label={t.from} value={query.from} />
          <InputField name="to" type="date" label={t.to} value={query.to} />
          <div class="field actions">
            <Button>{t.filter}</Button>
            <ButtonLink href={staffPaths.audit}>{t.reset}</ButtonLink>
          </div>
        </form>
        <DataTable
          caption={t.caption}
          empty={t.empty}
          rows={rows}
          columns={[
            { header: t.when, rowHeader: true, cell: (r) => <UtcTime at={r.at} /> },
            { header: t.who, cell: who },
            { header: t.what, cell: (r) => r.action },
            {
              header: t.target,
              // A studio save's entry links to its revision in the content history; a restore in GitHub mode to its commit's page there.
              cell: (r) =>
                /^revision:\d+$/.test(r.target) ? (
                  <a href={`${staffPaths.history}/${r.target.slice("revision:".length)}`}>{r.target}</a>
                ) : /^commit:[0-9a-f]{40}$/.test(r.target) ? (
                  <a href={`${staffPaths.history}/commit/${r.target.slice("commit:".length)}`}>{r.target}</a>
                ) : (
                  r.target
                ),
            },
            { header: t.detail, wraps: true, cell: (r) => detailText(r, names) },
          ]}
        />
        {older ? (
          <p>
            <a href={`${staffPaths.audit}?${older}`}>{t.older}</a>
          </p>
        ) : null}
      </>
    );
    return c.html(
      staffPage({ title: t.title, staff, body, current: staffPaths.audit, problems: problems.map(({ message }) => ({ message })) }),
      problems.length ? 400 : 200,
    );
  });
}
