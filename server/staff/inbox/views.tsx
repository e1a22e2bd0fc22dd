/** @jsxImportSource hono/jsx */
import type { Child } from "hono/jsx";
import { staffPaths } from "../../../app/lib/contracts/staff-paths";
import type { LeadType, StaffUser } from "../roles";
import { Button, ButtonLink, DataTable, InputField, PostButton, SelectField, TextAreaField } from "../ui";
import { filterParams, searchMaxLength, type InboxFilter } from "./filter";
import type { LeadMessage } from "../../leads/conversations";
import { noteMaxLength, type LeadDetail, type LeadList } from "../../leads/inbox";
import { fieldText, quoteProductsText } from "../../leads/lead-record";
import { nextStatuses, statusesOfTypes, statusLabels, typeLabels } from "../../leads/workflow";
import { ReplyForm, ResponseFacts, Timeline, type ReplyFormState, type ReplyTemplate } from "./conversation-views";
import { CustomerLink } from "./customer-views";
import { bulkText as bt, inboxText as t, savedViewText as vt } from "./texts";
import { savedViewNameMaxLength, type SavedView } from "../saved-views";
import { DueFact, DueNote, owedReply, type DueContext } from "./due-views";
import { FollowUpSection, type FollowUpState } from "./follow-up-views";
import { UnansweredMarker, UnansweredSection, type UnansweredContext } from "./unanswered-views";
import { humanSize, Lines, statusText, Time } from "./view-parts";

/** A member of staff as the assignee lists show them. */
export type StaffMember = Pick<StaffUser, "id" | "email" | "name" | "role">;

export const inboxPath = staffPaths.leads;
export const exportPath = `${staffPaths.leads}/export.csv`;
export const leadPath = (id: number) => `${staffPaths.leads}/${id}`;
export const waitingPath = `${staffPaths.leads}/waiting`;
/** The bulk actions' POST (decision 0152). */
export const bulkPath = `${staffPaths.leads}/bulk`;
/** Saved views: POST to save the filter shown, `/:id/delete` to delete one (decision 0152). */
export const viewsPath = `${staffPaths.leads}/views`;

export function NewLeadsBadge({ count, estimated = false }: { count: number; estimated?: boolean }) {
  return (
    <a href={`${inboxPath}?status=new`} class="button secondary">
      {t.newBadgeLabel(count, estimated)}
    </a>
  );
}

/** The pages shown (1 … 4 5 [6] 7 8 … 120): the numbers given that exist, in order, with a gap where some are left out. */
function pageWindow(numbers: number[], pages: number): (number | "gap")[] {
  const sorted = [...new Set(numbers.filter((n) => n >= 1 && n <= pages))].sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1]! > 1) out.push("gap");
    out.push(n);
  });
  return out;
}

function Pager({ list, filter }: { list: LeadList; filter: InboxFilter }) {
  if (list.pages <= 1 && !list.hasNext && !list.hasPrevious) return null;
  /** A page's address; a deep page of an estimated list also names the lead it follows or precedes (keyset paging, decision 0089). */
  const href = (page: number | "last", cursor?: { after: number } | { before: number }) => {
    const params = filterParams(filter);
    if (page === "last" || page > 1) params.set("page", String(page));
    if (cursor && page !== 1) for (const [name, id] of Object.entries(cursor)) params.set(name, String(id));
    const query = params.toString();
    return query ? `${inboxPath}?${query}` : inboxPath;
  };
  const first = list.leads[0];
  const last = list.leads[list.leads.length - 1];
  // Exact totals (at most exactCountLimit leads) page by number, each page within reach of one end;
  // an estimated one from the leads at this page's edges, with the first and the last page.
  const previous = list.estimated && first ? href(list.page - 1, { before: first.id }) : href(list.page - 1);
  const next = list.estimated && last ? href(list.page + 1, { after: last.id }) : href(list.page + 1);
  const numbered = (n: number) => (!list.estimated || n === 1 ? href(n) : n === list.page - 1 ? previous : n === list.page + 1 ? next : href(n));
  // An estimated list shows its neighbours and both ends; its last page is read from the oldest end, whatever its number.
  const window = list.estimated
    ? [1, list.page - 1, list.page, ...(list.hasNext ? [list.page + 1] : [])]
    : [1, list.pages, list.page - 2, list.page - 1, list.page, list.page + 1, list.page + 2];
  return (
    <nav class="pager" aria-label={t.pagerLabel}>
      <p>{list.estimated ? t.pageOfAbout(list.page, list.pages) : t.pageOf(list.page, list.pages)}</p>
      <ul>
        {list.hasPrevious && (
          <li>
            <a href={previous} rel="prev">
              {t.previousPage}
            </a>
          </li>
        )}
        {pageWindow(window, Math.max(list.pages, list.page + (list.hasNext ? 1 : 0))).map((n) =>
          n === "gap" ? (
            <li aria-hidden="true">…</li>
          ) : (
            <li>
              <a href={numbered(n)} aria-label={t.pageLabel(n)} aria-current={n === list.page ? "page" : undefined}>
                {String(n)}
              </a>
            </li>
          ),
        )}
        {list.estimated && list.hasNext && (
          <>
            <li aria-hidden="true">…</li>
            <li>
              <a href={href("last")}>{t.lastPage}</a>
            </li>
          </>
        )}
        {list.hasNext && (
          <li>
            <a href={next} rel="next">
              {t.nextPage}
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** The reader's saved views as links, each deletable, and the filter shown to save under a name (decision 0152). */
function SavedViews({ views, filter, back }: { views: { saved: SavedView[]; name?: string; error?: string }; filter: InboxFilter; back: string }) {
  const current = filterParams(filter).toString();
  return (
    <section aria-labelledby="views-heading">
      <h2 id="views-heading">{vt.heading}</h2>
      {views.saved.length === 0 ? (
        <p>{vt.none}</p>
      ) : (
        <ul class="plain views">
          {views.saved.map((view) => (
            <li>
              <a href={`${inboxPath}?${view.query}`} aria-current={view.query === current ? "page" : undefined}>
                {vt.open(view.name)}
              </a>{" "}
              <PostButton action={`${viewsPath}/${view.id}/delete`} fields={{ back }} label={vt.deleteLabel(view.name)}>
                {vt.deleteButton}
              </PostButton>
            </li>
          ))}
        </ul>
      )}
      {(current || views.error) && (
        <form method="post" action={viewsPath} class="filters">
          <input type="hidden" name="back" value={back} />
          <InputField
            id="view-name"
            name="name"
            label={vt.nameLabel}
            value={views.name ?? ""}
            maxlength={savedViewNameMaxLength}
            error={views.error}
            required
          />
          <div class="actions field">
            <Button variant="secondary">{vt.saveButton}</Button>
          </div>
        </form>
      )}
    </section>
  );
}

/** A lead's age in a column ("3 h"), its exact duration in the datetime (`PT3H12M`). */
function Age({ ms }: { ms: number }) {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  return <time datetime={`PT${Math.floor(minutes / 60)}H${minutes % 60}M`}>{t.age(ms)}</time>;
}

/**
 * What can be done with the ticked leads (decision 0152), in the list's own form: no script, each
 * action a submit button of its own (`action`), with its choice beside it.
 */
function BulkActions({ me, types, filter, staff }: { me: StaffUser; types: readonly LeadType[]; filter: InboxFilter; staff: StaffMember[] }) {
  return (
    <fieldset class="bulk-actions" aria-describedby="bulk-hint">
      <legend>{bt.heading}</legend>
      <p id="bulk-hint">{bt.hint}</p>
      <div class="filters">
        <SelectField
          id="bulk-assignee"
          name="assignee"
          label={bt.assignLabel}
          value={me.id}
          options={[
            { value: me.id, label: bt.me(me.name) },
            { value: "none", label: bt.nobody },
            ...staff.filter((s) => s.id !== me.id).map((s) => ({ value: s.id, label: s.name })),
          ]}
        />
        <div class="actions field">
          <Button name="action" value="assign" variant="secondary">
            {bt.assignButton}
          </Button>
        </div>
        <SelectField
          id="bulk-status"
          name="status"
          label={bt.statusLabel}
          value=""
          options={[
            { value: "", label: bt.chooseStatus },
            ...statusesOfTypes(filter.type ? [filter.type] : types).map((s) => ({ value: s, label: statusLabels[s] })),
          ]}
        />
        <div class="actions field">
          <Button name="action" value="status" variant="secondary">
            {bt.statusButton}
          </Button>
        </div>
        <div class="actions field">
          <Button name="action" value="read" variant="secondary">
            {bt.readButton}
          </Button>
          <Button name="action" value="unread" variant="secondary">
            {bt.unreadButton}
          </Button>
        </div>
      </div>
    </fieldset>
  );
}

/** The language filter's choices (decision 0164): any, then each language the leads have and the one asked for. */
const languageChoices = (locales: readonly string[], asked: string | undefined) => [
  { value: "", label: t.anyLanguage },
  ...[...new Set([...locales, ...(asked ? [asked] : [])])].map((code) => ({ value: code, label: t.languageName(code) })),
];

export function InboxView({
  me,
  types,
  filter,
  problems,
  list,
  newCount,
  newEstimated = false,
  staff,
  now,
  back,
  views,
  due,
  unanswered,
  locales = [],
}: {
  me: StaffUser;
  types: readonly LeadType[];
  filter: InboxFilter;
  /** The desk's clock: each lead's age. */
  now: Date;
  /** This list's query (its filter and page): where the bulk actions come back to. */
  back: string;
  /** The reader's saved views, and the save form's name and problem when it was refused; no section without. */
  views?: { saved: SavedView[]; name?: string; error?: string };
  /** Reasons for date values set aside, shown at their fields (the page's error summary lists them all). */
  problems: { from?: string; to?: string };
  list: LeadList;
  newCount: number;
  /** The new leads' count is an estimate (countNew). */
  newEstimated?: boolean;
  staff: StaffMember[];
  /** First-response targets (decision 0153): each row says when its lead is due. */
  due?: DueContext;
  /** Quotations not answered (decision 0158): the reader's, above the list, and a marker in each such row. */
  unanswered?: UnansweredContext;
  /** The languages the reader's leads were sent in (decision 0164): the language filter's choices. */
  locales?: readonly string[];
}) {
  const names = new Map(staff.map((s) => [s.id, s.name]));
  const filterQuery = filterParams(filter).toString();
  return (
    <>
      <p class="actions">
        <NewLeadsBadge count={newCount} estimated={newEstimated} />
        <a href={waitingPath} class="button secondary">
          {t.waitingLink}
        </a>
      </p>
      {unanswered && <UnansweredSection context={unanswered} names={names} leadHref={leadPath} />}
      {views && <SavedViews views={views} filter={filter} back={back} />}
      <h2 id="filter-heading">{t.filterHeading}</h2>
      <form method="get" action={inboxPath} class="filters" role="search" aria-labelledby="filter-heading">
        <InputField id="filter-q" name="q" type="search" label={t.searchLabel} value={filter.q ?? ""} maxlength={searchMaxLength} />
        {types.length > 1 && (
          <SelectField
            id="filter-type"
            name="type"
            label={t.typeLabel}
            value={filter.type ?? ""}
            options={[{ value: "", label: t.anyType }, ...types.map((type) => ({ value: type, label: typeLabels[type] }))]}
          />
        )}
        <SelectField
          id="filter-status"
          name="status"
          label={t.statusLabel}
          value={filter.status ?? ""}
          options={[
            { value: "", label: t.anyStatus },
            ...statusesOfTypes(filter.type ? [filter.type] : types).map((s) => ({ value: s, label: statusLabels[s] })),
          ]}
        />
        <SelectField
          id="filter-assignee"
          name="assignee"
          label={t.assigneeLabel}
          value={filter.assignee ?? ""}
          options={[
            { value: "", label: t.anyone },
            { value: me.id, label: t.me },
            { value: "none", label: t.unassigned },
            ...staff.filter((s) => s.id !== me.id).map((s) => ({ value: s.id, label: s.name })),
          ]}
        />
        {types.includes("quote") && (
          <SelectField
            id="filter-minimum"
            name="minimum"
            label={t.orderSizeLabel}
            value={filter.minimum ?? ""}
            options={[
              { value: "", label: t.anyOrderSize },
              { value: "below", label: t.trialOrders },
            ]}
          />
        )}
        {(locales.length > 1 || filter.locale) && (
          <SelectField id="filter-locale" name="locale" label={t.languageLabel} value={filter.locale ?? ""} options={languageChoices(locales, filter.locale)} />
        )}
        <InputField id="filter-from" name="from" type="date" label={t.fromLabel} value={filter.from ?? ""} error={problems.from} />
        <InputField id="filter-to" name="to" type="date" label={t.toLabel} value={filter.to ?? ""} error={problems.to} />
        <div class="actions field">
          <Button>{t.filterButton}</Button>
          <ButtonLink href={inboxPath}>{t.clearFilter}</ButtonLink>
        </div>
      </form>
      <p role="status">{t.resultCount(list.total, list.estimated)}</p>
      {list.total > 0 && (
        <p>
          <a href={`${exportPath}${filterQuery ? `?${filterQuery}` : ""}`} download>
            {t.exportCsv(list.total, list.estimated)}
          </a>
        </p>
      )}
      <form method="post" action={bulkPath} class="bulk">
        <input type="hidden" name="back" value={back} />
        {list.leads.length > 0 && <BulkActions me={me} types={types} filter={filter} staff={staff} />}
        <DataTable
          caption={t.tableCaption}
          empty={t.noLeads}
          rows={list.leads}
          columns={[
            {
              header: t.columns.reference,
              cell: (lead) => (
                <span class="tick">
                  <input type="checkbox" name="lead" value={String(lead.id)} id={`tick-${lead.id}`} />
                  <label for={`tick-${lead.id}`}>{bt.tick(lead.reference)}</label>
                </span>
              ),
            },
            {
              header: t.columns.from,
              rowHeader: true,
              cell: (lead) => (
                <>
                  {/* The list's filter goes with it: the lead's Previous and Next follow this list (decision 0154); the shortcuts' j and k move between these links. */}
                  <a href={`${leadPath(lead.id)}${filterQuery ? `?${filterQuery}` : ""}`} data-row-link="">
                    {lead.unread ? <strong>{lead.name}</strong> : lead.name}
                  </a>
                  {lead.unread && <span> ({t.unread})</span>}
                  {(lead.company || lead.country) && (
                    <>
                      <br />
                      {[lead.company, lead.country].filter(Boolean).join(", ")}
                    </>
                  )}
                </>
              ),
            },
            { header: t.columns.type, cell: (lead) => typeLabels[lead.type] },
            { header: t.columns.status, cell: (lead) => statusText(lead.status) },
            {
              header: t.columns.topic,
              wraps: true,
              cell: (lead) => (
                <>
                  {lead.topic}
                  {lead.belowMinimum && (
                    <>
                      <br />
                      <strong>{t.trialOrder}</strong>
                    </>
                  )}
                  {unanswered?.byLead.get(lead.id) && (
                    <>
                      <br />
                      <UnansweredMarker quotation={unanswered.byLead.get(lead.id)!} now={unanswered.now} />
                    </>
                  )}
                </>
              ),
            },
            { header: t.columns.language, cell: (lead) => t.languageName(lead.locale) },
            {
              header: t.columns.received,
              cell: (lead) => (
                <>
                  <Time date={lead.receivedAt} />
                  {due && owedReply(lead, due) && (
                    <>
                      <br />
                      <DueNote lead={lead} due={due} />
                    </>
                  )}
                </>
              ),
            },
            { header: t.columns.age, cell: (lead) => <Age ms={now.getTime() - lead.receivedAt.getTime()} /> },
            { header: t.columns.assignee, cell: (lead) => (lead.assigneeId ? (names.get(lead.assigneeId) ?? lead.assigneeId) : t.nobody) },
          ]}
        />
      </form>
      <Pager list={list} filter={filter} />
    </>
  );
}

export type LeadConversation = {
  messages: LeadMessage[];
  /** The reply form's sender and subject, as the reply will carry them. */
  from: string;
  subject: string;
  /** The first line of the quote the reply will carry ("On …, … wrote:"), if any (decision 0135). */
  quotes?: string;
  templates: readonly ReplyTemplate[];
  state: ReplyFormState;
  inboundConnected: boolean;
  /** Whether the desk can send (its mail settings); the form is not shown without. */
  canSend: boolean;
  now: Date;
  /** The lead's quotation the buyer has not answered (decision 0158), and whether a follow-up is suggested. */
  followUp?: { words: string; suggested: boolean };
};

/**
 * The list a lead was opened from (decision 0154): its filter as a query (`type=quote&q=…`, or ""),
 * the addresses of the leads either side of it there and of the list. The page's forms post with the
 * query, so a change comes back to the lead in the same list.
 */
export type LeadAround = { query: string; previous?: string; next?: string; list: string };

export function LeadView({
  lead,
  me,
  around,
  staff,
  noteError,
  note,
  conversation,
  customer,
  sections = [],
  due,
  followUp,
}: {
  lead: LeadDetail;
  /** The reader's id: "Assign to me" when the lead is not theirs. */
  me: string;
  /** Links to the previous and next lead and back to the list; the inbox's first page in arrival order without. */
  around?: LeadAround;
  staff: StaffMember[];
  noteError?: string;
  note?: string;
  conversation: LeadConversation;
  /** How many leads the reader may see are from this lead's customer (decision 0149): the link to their page. */
  customer: { count: number; more: boolean };
  /** More sections after the details (a quote request's quotations, decision 0111). */
  sections?: Child[];
  /** Response targets (decisions 0153, 0157): the lead's due times. */
  due?: DueContext;
  /** "Follow up on <date>" (decision 0153). */
  followUp?: FollowUpState;
}) {
  const names = new Map(staff.map((s) => [s.id, s.name]));
  const next = nextStatuses(lead.type, lead.status);
  const { content } = lead;
  const email = fieldText(content, "email");
  // Every field the sender filled in, known ones first in the page's order; files are under Attachments.
  const order = Object.keys(t.fieldLabels);
  const rank = (name: string) => {
    const known = order.indexOf(name);
    return known === -1 ? order.length : known;
  };
  const fields: [string, string][] = [
    ...Object.entries(content.fields).map(([name, value]): [string, string] => [
      name,
      content.kind === "quote" && name === "products" ? quoteProductsText(content.fields.products) : String(value),
    ]),
  ];
  const shownFields = fields.filter(([, value]) => value !== "").sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  /** A form's action on this lead, with the list's query (decision 0154). */
  const action = (change: string) => `${leadPath(lead.id)}/${change}${around?.query ? `?${around.query}` : ""}`;
  return (
    <>
      <nav class="actions" aria-label={t.aroundLabel}>
        <ButtonLink href={around?.list ?? inboxPath}>{t.backToInbox}</ButtonLink>
        {around?.previous && (
          <ButtonLink href={around.previous} rel="prev" shortcut="k">
            {t.previousLead}
          </ButtonLink>
        )}
        {around?.next && (
          <ButtonLink href={around.next} rel="next" shortcut="j">
            {t.nextLead}
          </ButtonLink>
        )}
      </nav>
      <div class="actions">
        <CustomerLink leadId={lead.id} type={lead.type} count={customer.count} more={customer.more} />
        {email && conversation.canSend && (
          <ButtonLink href="#reply" variant="primary">
            {t.replyByEmail}
          </ButtonLink>
        )}
      </div>

      <section aria-labelledby="status-heading">
        <h2 id="status-heading">{t.statusHeading}</h2>
        <p>{t.currentStatus(statusText(lead.status))}</p>
        {next.length === 0 ? (
          <p>{t.workflowDone}</p>
        ) : (
          <form method="post" action={action("status")} class="actions">
            <input type="hidden" name="from" value={lead.status} />
            {next.map((status) => (
              <Button name="to" value={status}>
                {t.moveTo(statusLabels[status])}
              </Button>
            ))}
          </form>
        )}
      </section>

      <section aria-labelledby="details-heading">
        <h2 id="details-heading">{t.detailsHeading}</h2>
        <dl>
          <dt>{t.received}</dt>
          <dd>
            <Time date={lead.receivedAt} />
          </dd>
          <dt>{t.source}</dt>
          <dd>{t.sources[lead.source] ?? lead.source}</dd>
          <dt>{t.languageLabel}</dt>
          <dd>{t.languageName(lead.locale)}</dd>
          <ResponseFacts lead={lead} now={conversation.now} />
          {due && <DueFact lead={lead} due={due} setAsideUntil={followUp?.day} />}
          {lead.belowMinimum && (
            <>
              <dt>{t.orderSizeLabel}</dt>
              <dd>
                <strong>{t.trialOrderDetail}</strong>
              </dd>
            </>
          )}
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

      {sections}

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
        {lead.assigneeId !== me && staff.some((s) => s.id === me) && (
          <p>
            <PostButton action={action("assign")} fields={{ assignee: me }} variant="primary" shortcut="a">
              {t.assignToMe}
            </PostButton>
          </p>
        )}
        <form method="post" action={action("assign")}>
          <SelectField
            name="assignee"
            label={t.assignLabel}
            value={lead.assigneeId ?? ""}
            options={[{ value: "", label: t.nobody }, ...staff.map((s) => ({ value: s.id, label: s.name }))]}
          />
          <Button>{t.assignButton}</Button>
        </form>
      </section>

      {followUp && <FollowUpSection action={action("follow-up")} state={followUp} />}

      <section aria-labelledby="notes-heading">
        <h2 id="notes-heading">{t.noteHeading}</h2>
        <form method="post" action={action("notes")}>
          <TextAreaField name="note" label={t.noteLabel} value={note ?? ""} maxlength={noteMaxLength} required error={noteError} shortcut="n" />
          <Button>{t.noteButton}</Button>
        </form>
      </section>

      <Timeline lead={lead} messages={conversation.messages} names={names} />

      {conversation.canSend && (
        <ReplyForm
          lead={lead}
          action={action("reply")}
          from={conversation.from}
          subject={conversation.subject}
          quotes={conversation.quotes}
          templates={conversation.templates}
          state={conversation.state}
          inboundConnected={conversation.inboundConnected}
          followUp={conversation.followUp}
        />
      )}
    </>
  );
}
