/** @jsxImportSource hono/jsx */
import type { Child } from "hono/jsx";
import type { LeadType, StaffUser } from "../roles";
import { filterParams, searchMaxLength, type InboxFilter } from "./filter";
import { leadReference, noteMaxLength, topicOf, type LeadDetail, type LeadEvent, type LeadList } from "./queries";
import { inboxText as t } from "./texts";
import { isStatus, nextStatuses, statusesOfTypes, statusLabels, typeLabels } from "./workflow";

/** A member of staff as the assignee lists show them. */
export type StaffMember = Pick<StaffUser, "id" | "name" | "role">;

export const inboxPath = "/staff/inbox";
export const leadPath = (id: number) => `/staff/leads/${id}`;

const statusText = (status: string) => (isStatus(status) ? statusLabels[status] : status);
const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
const Time = ({ date }: { date: Date }) => <time datetime={date.toISOString()}>{utc(date)}</time>;

export function NewLeadsBadge({ count }: { count: number }) {
  return (
    <span class="staff-badge" aria-label={t.newBadgeLabel(count)}>
      {t.newBadge(count)}
    </span>
  );
}

/** Page numbers around the current one, with the first and last: 1 … 4 5 [6] 7 8 … 120. */
function pageWindow(page: number, pages: number): (number | "gap")[] {
  const shown = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1]! > 1) out.push("gap");
    out.push(n);
  });
  return out;
}

function Pager({ list, filter }: { list: LeadList; filter: InboxFilter }) {
  if (list.pages <= 1) return null;
  const href = (page: number) => {
    const params = filterParams(filter);
    if (page > 1) params.set("page", String(page));
    const query = params.toString();
    return query ? `${inboxPath}?${query}` : inboxPath;
  };
  return (
    <nav class="staff-pager" aria-label={t.pagerLabel}>
      <p>{t.pageOf(list.page, list.pages)}</p>
      <ul>
        {list.page > 1 && (
          <li>
            <a href={href(list.page - 1)} rel="prev">
              {t.previousPage}
            </a>
          </li>
        )}
        {pageWindow(list.page, list.pages).map((n) =>
          n === "gap" ? (
            <li aria-hidden="true">…</li>
          ) : (
            <li>
              <a href={href(n)} aria-label={t.pageLabel(n)} aria-current={n === list.page ? "page" : undefined}>
                {String(n)}
              </a>
            </li>
          ),
        )}
        {list.page < list.pages && (
          <li>
            <a href={href(list.page + 1)} rel="next">
              {t.nextPage}
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}

function Select({ name, label, value, options }: { name: string; label: string; value: string; options: [string, string][] }) {
  return (
    <p class="staff-field">
      <label for={`filter-${name}`}>{label}</label>
      <select id={`filter-${name}`} name={name}>
        {options.map(([optionValue, text]) => (
          <option value={optionValue} selected={optionValue === value}>
            {text}
          </option>
        ))}
      </select>
    </p>
  );
}

export function InboxView({
  me,
  types,
  filter,
  problems,
  list,
  newCount,
  staff,
}: {
  me: StaffUser;
  types: readonly LeadType[];
  filter: InboxFilter;
  problems: string[];
  list: LeadList;
  newCount: number;
  staff: StaffMember[];
}) {
  const names = new Map(staff.map((s) => [s.id, s.name]));
  const exportQuery = filterParams(filter).toString();
  return (
    <>
      <h1>
        {t.inboxTitle} <NewLeadsBadge count={newCount} />
      </h1>
      <form method="get" action={inboxPath} class="staff-filter" role="search" aria-labelledby="filter-heading">
        <h2 id="filter-heading">{t.filterHeading}</h2>
        <p class="staff-field">
          <label for="filter-q">{t.searchLabel}</label>
          <input id="filter-q" type="search" name="q" value={filter.q ?? ""} maxlength={searchMaxLength} />
        </p>
        {types.length > 1 && (
          <Select name="type" label={t.typeLabel} value={filter.type ?? ""} options={[["", t.anyType], ...types.map((type): [string, string] => [type, typeLabels[type]])]} />
        )}
        <Select
          name="status"
          label={t.statusLabel}
          value={filter.status ?? ""}
          options={[["", t.anyStatus], ...statusesOfTypes(filter.type ? [filter.type] : types).map((s): [string, string] => [s, statusLabels[s]])]}
        />
        <Select
          name="assignee"
          label={t.assigneeLabel}
          value={filter.assignee ?? ""}
          options={[["", t.anyone], [me.id, t.me], ["none", t.unassigned], ...staff.filter((s) => s.id !== me.id).map((s): [string, string] => [s.id, s.name])]}
        />
        <p class="staff-field">
          <label for="filter-from">{t.fromLabel}</label>
          <input id="filter-from" type="date" name="from" value={filter.from ?? ""} />
        </p>
        <p class="staff-field">
          <label for="filter-to">{t.toLabel}</label>
          <input id="filter-to" type="date" name="to" value={filter.to ?? ""} />
        </p>
        <p>
          <button type="submit">{t.filterButton}</button> <a href={inboxPath}>{t.clearFilter}</a>
        </p>
      </form>
      {problems.length > 0 && (
        <div role="alert" class="staff-problems">
          <p>{t.filterProblems}</p>
          <ul>
            {problems.map((p) => (
              <li>{p}</li>
            ))}
          </ul>
        </div>
      )}
      <p role="status">{t.resultCount(list.total)}</p>
      {list.total > 0 && (
        <p>
          <a href={`${inboxPath}/export.csv${exportQuery ? `?${exportQuery}` : ""}`} download>
            {t.exportCsv(list.total)}
          </a>
        </p>
      )}
      {list.leads.length === 0 ? (
        <p>{t.noLeads}</p>
      ) : (
        // A table wider than a phone scrolls sideways: keyboard users must be able to focus it to scroll (axe: scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div class="staff-table-scroll" tabindex={0} role="region" aria-labelledby="leads-caption">
          <table class="staff-table">
            <caption id="leads-caption">{t.tableCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.columns.from}</th>
                <th scope="col">{t.columns.type}</th>
                <th scope="col">{t.columns.status}</th>
                <th scope="col">{t.columns.topic}</th>
                <th scope="col">{t.columns.received}</th>
                <th scope="col">{t.columns.assignee}</th>
              </tr>
            </thead>
            <tbody>
              {list.leads.map((lead) => (
                <tr class={lead.unread ? "staff-unread" : undefined}>
                  <th scope="row">
                    <a href={leadPath(lead.id)}>{lead.unread ? <strong>{lead.name}</strong> : lead.name}</a>
                    {lead.unread && <span class="staff-unread-marker"> ({t.unread})</span>}
                    {(lead.company || lead.country) && (
                      <>
                        <br />
                        <span>{[lead.company, lead.country].filter(Boolean).join(", ")}</span>
                      </>
                    )}
                  </th>
                  <td>{typeLabels[lead.type]}</td>
                  <td>{statusText(lead.status)}</td>
                  <td>{lead.topic}</td>
                  <td>
                    <Time date={lead.receivedAt} />
                  </td>
                  <td>{lead.assigneeId ? (names.get(lead.assigneeId) ?? lead.assigneeId) : t.nobody}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager list={list} filter={filter} />
    </>
  );
}

const humanSize = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(bytes < 10_240 ? 1 : 0)} KB`);

/** Text a visitor typed, line breaks kept, never markup. */
const Lines = ({ text }: { text: string }) => (
  <>
    {text.split(/\r?\n/).map((line, i) => (
      <>
        {i > 0 && <br />}
        {line}
      </>
    ))}
  </>
);

function HistoryEntry({ event, names }: { event: LeadEvent; names: Map<string, string> }) {
  let what: Child;
  if (event.kind === "status") what = t.historyStatus(event.actorName, statusText(event.fromValue ?? ""), statusText(event.toValue ?? ""));
  else if (event.kind === "assign") what = t.historyAssign(event.actorName, event.toValue ? (names.get(event.toValue) ?? event.toValue) : t.nobody);
  else
    what = (
      <>
        {t.historyNote(event.actorName)}
        <blockquote>
          <Lines text={event.body ?? ""} />
        </blockquote>
      </>
    );
  return (
    <li>
      <Time date={event.at} /> — {what}
    </li>
  );
}

export function LeadView({ lead, staff, message, note }: { lead: LeadDetail; staff: StaffMember[]; message?: string; note?: string }) {
  const reference = leadReference(lead.id);
  const names = new Map(staff.map((s) => [s.id, s.name]));
  const next = nextStatuses(lead.type, lead.status);
  const topic = topicOf(lead.type, lead.fields);
  const email = lead.fields.email ?? "";
  const mailto = `mailto:${encodeURIComponent(email).replace(/%40/g, "@")}?subject=${encodeURIComponent(t.replySubject(topic, reference))}`;
  const shownFields = Object.entries(lead.fields).filter(([name, value]) => value !== "" && name !== "attachment_filename");
  return (
    <>
      <p>
        <a href={inboxPath}>{t.backToInbox}</a>
      </p>
      <h1>{t.leadTitle(reference, typeLabels[lead.type], lead.fields.name ?? "")}</h1>
      {message && (
        <p role="alert" class="staff-problems">
          {message}
        </p>
      )}
      {email && (
        <p>
          <a href={mailto} class="staff-button">
            {t.replyByEmail}
          </a>
        </p>
      )}

      <section aria-labelledby="status-heading">
        <h2 id="status-heading">{t.statusHeading}</h2>
        <p>{t.currentStatus(statusText(lead.status))}</p>
        {next.length === 0 ? (
          <p>{t.workflowDone}</p>
        ) : (
          <form method="post" action={`${leadPath(lead.id)}/status`}>
            <input type="hidden" name="from" value={lead.status} />
            {next.map((status) => (
              <>
                <button type="submit" name="to" value={status}>
                  {t.moveTo(statusLabels[status])}
                </button>{" "}
              </>
            ))}
          </form>
        )}
      </section>

      <section aria-labelledby="details-heading">
        <h2 id="details-heading">{t.detailsHeading}</h2>
        <dl class="staff-fields">
          <dt>{t.received}</dt>
          <dd>
            <Time date={lead.receivedAt} />
          </dd>
          <dt>{t.source}</dt>
          <dd>{t.sources[lead.source] ?? lead.source}</dd>
          {shownFields.map(([name, value]) => (
            <>
              <dt>{t.fieldLabels[name] ?? name}</dt>
              <dd>
                <Lines text={value} />
              </dd>
            </>
          ))}
        </dl>
      </section>

      <section aria-labelledby="files-heading">
        <h2 id="files-heading">{t.attachmentsHeading}</h2>
        {lead.files.length === 0 ? (
          <p>{t.noAttachments}</p>
        ) : (
          <ul>
            {lead.files.map((file) => (
              <li>
                <a href={`${leadPath(lead.id)}/files/${file.id}`} download={file.filename}>
                  {t.download(file.filename, humanSize(file.size))}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="assign-heading">
        <h2 id="assign-heading">{t.assignHeading}</h2>
        <form method="post" action={`${leadPath(lead.id)}/assign`}>
          <p class="staff-field">
            <label for="assignee">{t.assignLabel}</label>
            <select id="assignee" name="assignee">
              <option value="" selected={!lead.assigneeId}>
                {t.nobody}
              </option>
              {staff.map((s) => (
                <option value={s.id} selected={s.id === lead.assigneeId}>
                  {s.name}
                </option>
              ))}
            </select>
          </p>
          <button type="submit">{t.assignButton}</button>
        </form>
      </section>

      <section aria-labelledby="notes-heading">
        <h2 id="notes-heading">{t.noteHeading}</h2>
        <form method="post" action={`${leadPath(lead.id)}/notes`}>
          <p class="staff-field">
            <label for="note">{t.noteLabel}</label>
            <textarea id="note" name="note" rows={4} maxlength={noteMaxLength} required>
              {note ?? ""}
            </textarea>
          </p>
          <button type="submit">{t.noteButton}</button>
        </form>
      </section>

      <section aria-labelledby="history-heading">
        <h2 id="history-heading">{t.historyHeading}</h2>
        {lead.events.length === 0 ? (
          <p>{t.noHistory}</p>
        ) : (
          <ol class="staff-history">
            {lead.events.map((event) => (
              <HistoryEntry event={event} names={names} />
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
