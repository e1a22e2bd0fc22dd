/** @jsxImportSource hono/jsx */
import type { Child } from "hono/jsx";
import { attachmentAcceptAttribute, quoteLimits } from "../../../app/lib/contracts/quote";
import type { ReplyTemplate } from "../../../app/lib/contracts/server-settings";
import type { LeadMessage } from "../../leads/conversations";
import type { LeadDetail, LeadEvent, WaitingLead } from "../../leads/inbox";
import { fieldText } from "../../leads/lead-record";
import { typeLabels } from "../../leads/workflow";
import { replyMaxLength } from "../../mail/replies";
import { Button, DataTable, SelectField, TextAreaField } from "../ui";
import { conversationText as t, unansweredText as u } from "./texts";
import { humanSize, Lines, statusText, Time } from "./view-parts";
import { QuotationEvent } from "../quotations/history";

// A lead's conversation in the desk (decisions 0100, 0101, 0103): its timeline, the reply form, the waiting view.

/** A duration in words: "45 minutes", "3 hours 10 minutes", "2 days 4 hours". */
export function durationText(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (minutes < 60) return unit(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${unit(hours, "hour")} ${unit(minutes % 60, "minute")}` : unit(hours, "hour");
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${unit(days, "day")} ${unit(hours % 24, "hour")}` : unit(days, "day");
}

/** The lead's first response and whether it waits for us, on its page. */
export function ResponseFacts({ lead, now }: { lead: LeadDetail; now: Date }) {
  return (
    <>
      <dt>{t.firstResponse}</dt>
      <dd>
        {lead.firstResponseAt ? (
          <>
            <Time date={lead.firstResponseAt} /> ({t.after(durationText(lead.firstResponseAt.getTime() - lead.receivedAt.getTime()))})
          </>
        ) : (
          t.notAnswered
        )}
      </dd>
      <dt>{t.waitingLabel}</dt>
      <dd>{lead.awaitingSince ? t.waitingFor(durationText(now.getTime() - lead.awaitingSince.getTime())) : t.notWaiting}</dd>
    </>
  );
}

type Item = { at: Date; order: number; key: string; view: Child };

function MessageItem({ message, leadId }: { message: LeadMessage; leadId: number }) {
  const who =
    message.direction === "in"
      ? t.receivedFrom(message.from)
      : message.purpose === "acceptance"
        ? t.acceptanceSent(message.to)
        : t.sentBy(message.sentByName ?? message.from, message.to);
  return (
    <article class="message" aria-label={`${message.direction === "out" ? t.outLabel : t.inLabel}: ${message.subject}`}>
      <p>
        <strong>{who}</strong>
        {message.purpose === "quotation" && <> ({t.quotation})</>}
      </p>
      <p>
        {t.subject}: {message.subject}
      </p>
      <blockquote>
        <Lines text={message.body} />
      </blockquote>
      {message.files.length > 0 && (
        <ul aria-label={t.filesOf(message.subject)}>
          {message.files.map((file) => (
            <li>
              <a href={`/staff/leads/${leadId}/files/${file.id}`} download={file.filename}>
                {t.download(file.filename, humanSize(file.size))}
              </a>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

function eventView(event: LeadEvent, names: Map<string, string>, leadId: number): Child {
  if (event.kind === "status") return t.historyStatus(event.actorName, statusText(event.fromValue ?? ""), statusText(event.toValue ?? ""));
  if (event.kind === "assign") return t.historyAssign(event.actorName, event.toValue ? (names.get(event.toValue) ?? event.toValue) : t.nobody);
  if (event.kind === "quotation") return <QuotationEvent event={event} leadId={leadId} />;
  if (event.kind === "follow-up") return `${event.actorName}: ${event.body ?? ""}`;
  return (
    <>
      {t.historyNote(event.actorName)}
      <blockquote>
        <Lines text={event.body ?? ""} />
      </blockquote>
    </>
  );
}

/** The request, every message out and in, the notes and the changes, in time order (text only). */
export function Timeline({ lead, messages, names }: { lead: LeadDetail; messages: LeadMessage[]; names: Map<string, string> }) {
  const items: Item[] = [
    { at: lead.receivedAt, order: 0, key: "request", view: t.requestReceived(fieldText(lead.content, "name") || t.theSender, typeLabels[lead.type]) },
    ...messages.map((m) => ({ at: m.at, order: 1, key: `m${m.id}`, view: <MessageItem message={m} leadId={lead.id} /> })),
    ...lead.events.map((e) => ({ at: e.at, order: 2, key: `e${e.id}`, view: eventView(e, names, lead.id) })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime() || a.order - b.order);
  return (
    <section aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">{t.timelineHeading}</h2>
      <ol class="timeline">
        {items.map((item) => (
          <li>
            <Time date={item.at} /> — {item.view}
          </li>
        ))}
      </ol>
    </section>
  );
}

export type { ReplyTemplate };

export type ReplyFormState = {
  /** The form's key (a fresh UUID per form shown): its Message-ID, so a double press sends once. */
  key: string;
  text?: string;
  template?: string;
  error?: string;
  filesError?: string;
};

/** The reply form: text, files, a template to start from ("Use template" re-renders the form with it, no script). */
export function ReplyForm({
  lead,
  action,
  from,
  subject,
  quotes,
  templates,
  state,
  inboundConnected,
  followUp,
}: {
  lead: LeadDetail;
  /** Where it posts (the lead's reply address, with the list's query: decision 0154). */
  action: string;
  from: string;
  subject: string;
  quotes?: string;
  templates: readonly ReplyTemplate[];
  state: ReplyFormState;
  inboundConnected: boolean;
  /**
   * The lead's quotation the buyer has not answered (decision 0158): its words, and whether a reply
   * template names {quotation} (then "Use the suggested follow-up" adds it to the text).
   */
  followUp?: { words: string; suggested: boolean };
}) {
  const to = fieldText(lead.content, "email");
  return (
    <section aria-labelledby="reply-heading" id="reply">
      <h2 id="reply-heading">{t.replyHeading}</h2>
      {!to ? (
        <p>{t.noAddress}</p>
      ) : (
        <form method="post" action={action} enctype="multipart/form-data">
          <input type="hidden" name="key" value={state.key} />
          <dl>
            <dt>{t.fromLabel}</dt>
            <dd>{from}</dd>
            <dt>{t.toLabel}</dt>
            <dd>{to}</dd>
            <dt>{t.subject}</dt>
            <dd>{subject}</dd>
            <dt>{t.quotesLabel}</dt>
            <dd>{quotes ?? t.quotesNothing}</dd>
          </dl>
          {followUp && (
            <div class="field">
              <p>
                <strong>{followUp.words}.</strong>
              </p>
              {followUp.suggested ? (
                <>
                  <p class="hint">{u.suggestedHint}</p>
                  <Button variant="secondary" name="action" value="follow-up">
                    {u.useSuggested}
                  </Button>
                </>
              ) : (
                <p class="hint">{u.noSuggestion}</p>
              )}
            </div>
          )}
          {templates.length > 0 && (
            <div class="actions">
              <SelectField
                id="reply-template"
                name="template"
                label={t.templateLabel}
                value={state.template ?? ""}
                options={[{ value: "", label: t.noTemplate }, ...templates.map((tpl) => ({ value: tpl.name, label: tpl.name }))]}
              />
              <Button variant="secondary" name="action" value="template">
                {t.useTemplate}
              </Button>
            </div>
          )}
          <TextAreaField
            id="reply-text"
            name="text"
            label={t.textLabel}
            rows={10}
            value={state.text ?? ""}
            maxlength={replyMaxLength}
            error={state.error}
            shortcut="r"
          />
          <div class="field">
            <label for="reply-files">{t.filesLabel}</label>
            <p class="hint" id="reply-files-hint">
              {t.filesHint(quoteLimits.maxAttachments, quoteLimits.attachmentMaxBytes / 1024 / 1024, quoteLimits.attachmentsMaxTotalBytes / 1024 / 1024)}
            </p>
            {state.filesError && (
              <p class="error" id="reply-files-error">
                {state.filesError}
              </p>
            )}
            <input
              id="reply-files"
              name="attachments"
              type="file"
              multiple
              accept={attachmentAcceptAttribute}
              aria-invalid={state.filesError ? "true" : undefined}
              aria-describedby={state.filesError ? "reply-files-hint reply-files-error" : "reply-files-hint"}
            />
          </div>
          <Button name="action" value="send">
            {t.sendButton}
          </Button>
          <p class="hint">{inboundConnected ? t.inboundOn : t.inboundOff}</p>
        </form>
      )}
    </section>
  );
}

/** How long a lead has waited, as words and as a duration (`<time datetime="P1DT3H">`, kept on one line). */
function Waited({ ms }: { ms: number }) {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  return <time datetime={`P${days ? `${days}D` : ""}T${hours}H${minutes % 60}M`}>{durationText(ms)}</time>;
}

/** "Waiting for us": leads whose sender spoke last, oldest first, with how long each has waited. */
export function WaitingView({
  list,
  now,
  names,
}: {
  list: { leads: WaitingLead[]; total: number; estimated: boolean };
  now: Date;
  names: Map<string, string>;
}) {
  return (
    <>
      <p>{t.waitingIntro}</p>
      <p role="status">{t.waitingCount(list.total, list.estimated)}</p>
      <DataTable
        caption={t.waitingCaption}
        empty={t.nobodyWaiting}
        rows={list.leads}
        columns={[
          {
            header: t.columns.from,
            rowHeader: true,
            cell: (lead) => (
              <>
                <a href={`/staff/leads/${lead.id}`}>{lead.unread ? <strong>{lead.name}</strong> : lead.name}</a>
                {lead.unread && <span> ({t.unread})</span>}
              </>
            ),
          },
          // Next to who it is from, so on a phone the table shows it without scrolling sideways.
          { header: t.columns.waiting, cell: (lead) => <Waited ms={now.getTime() - lead.awaitingSince.getTime()} /> },
          { header: t.columns.reference, cell: (lead) => lead.reference },
          { header: t.columns.type, cell: (lead) => typeLabels[lead.type] },
          { header: t.columns.topic, wraps: true, cell: (lead) => lead.topic },
          { header: t.columns.since, cell: (lead) => <Time date={lead.awaitingSince} /> },
          { header: t.columns.assignee, cell: (lead) => (lead.assigneeId ? (names.get(lead.assigneeId) ?? lead.assigneeId) : t.nobody) },
        ]}
      />
    </>
  );
}
