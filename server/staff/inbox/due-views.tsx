/** @jsxImportSource hono/jsx */
import type { LeadKind as LeadType } from "../../../app/lib/contracts/leads";
import { nextStatuses } from "../../leads/workflow";
import { dueState, laterReplyDueAt, standingAt, type DueState, type ResponseTargets } from "../response-targets";
import { dueText as d } from "./texts";
import { Time } from "./view-parts";

// Where a lead stands against its response targets, in words: its first reply (decision 0153) and,
// once the sender wrote again after it, its next reply (decision 0157). An overdue one is also
// strong, never told by colour alone.

type DueLead = {
  type: LeadType;
  status: string;
  receivedAt: Date;
  firstResponseAt?: Date | null;
  source?: string;
  /** Since when the sender waits for us (decision 0101); absent where it was not read. */
  awaitingSince?: Date | null;
  /** Set aside with "Follow up on <date>" until then (decision 0153); absent where it was not read. */
  followUpAt?: Date | null;
};

/** What the desk needs to tell a lead's due time: the admin's targets, the desk's zone and its clock's reading. */
export type DueContext = { targets: ResponseTargets; timeZone: string; now: Date };

const workflowOpen = (lead: DueLead) => nextStatuses(lead.type, lead.status).length > 0;

/**
 * Whether a lead still owes its first reply: not answered, not closed without one, and sent through the
 * site (a lead imported from the former outbox was answered, or not, outside the desk).
 */
export const owesFirstReply = (lead: DueLead) => lead.firstResponseAt === null && (lead.source ?? "web") === "web" && workflowOpen(lead);

/** Whether a lead owes a later reply (decision 0157): the desk replied, then the sender wrote again and waits for us. */
export const owesLaterReply = (lead: DueLead): lead is DueLead & { firstResponseAt: Date; awaitingSince: Date } =>
  Boolean(lead.firstResponseAt) && Boolean(lead.awaitingSince) && workflowOpen(lead);

/** Set aside with "Follow up on <date>" until a day still to come: it owes nothing until then (decision 0157). */
const setAside = (lead: DueLead, now: Date) => Boolean(lead.followUpAt && lead.followUpAt.getTime() > now.getTime());

type Standing = Exclude<DueState, { kind: "answered" }>;
/** The reply a lead owes at the context's clock and how it stands; nothing when it owes none or is set aside. */
export type OwedReply = { reply: "first" | "later"; state: Standing };

const laterState = (lead: DueLead & { awaitingSince: Date }, due: DueContext): Standing =>
  standingAt(laterReplyDueAt({ type: lead.type, awaitingSince: lead.awaitingSince }, due.targets, due.timeZone), due.now);

export function owedReply(lead: DueLead, due: DueContext): OwedReply | undefined {
  if (setAside(lead, due.now)) return undefined;
  if (owesFirstReply(lead)) return { reply: "first", state: dueState({ ...lead, firstResponseAt: null }, due.targets, due.timeZone, due.now) as Standing };
  if (owesLaterReply(lead)) return { reply: "later", state: laterState(lead, due) };
  return undefined;
}

/** "due in 2 h", "overdue by 3 h"; for a later reply "next reply due in 2 h", "next reply overdue by 3 h". */
const wordsOf = ({ reply, state }: OwedReply) =>
  reply === "first"
    ? state.kind === "overdue"
      ? d.overdueBy(state.byMs)
      : d.dueIn(state.inMs)
    : state.kind === "overdue"
      ? d.nextOverdueBy(state.byMs)
      : d.nextDueIn(state.inMs);

/** The list's rows: the words of the reply a lead owes, nothing otherwise. */
export function DueNote({ lead, due }: { lead: DueLead; due: DueContext }) {
  const owed = owedReply(lead, due);
  if (!owed) return null;
  return owed.state.kind === "overdue" ? <strong class="overdue">{wordsOf(owed)}</strong> : <span class="due">{wordsOf(owed)}</span>;
}

/**
 * The lead page's lines: the first reply's due time and how the lead stands against it; once the
 * sender wrote again after it, the next reply's. `setAsideUntil`: the follow-up day, while set aside.
 */
export function DueFact({ lead, due, setAsideUntil }: { lead: DueLead & { firstResponseAt: Date | null }; due: DueContext; setAsideUntil?: string | null }) {
  const state = dueState(lead, due.targets, due.timeZone, due.now);
  const standing = (s: Standing, words: OwedReply["reply"]) =>
    setAsideUntil ? (
      <>({d.snoozedUntil(setAsideUntil)})</>
    ) : (
      <>({s.kind === "overdue" ? <strong>{wordsOf({ reply: words, state: s })}</strong> : wordsOf({ reply: words, state: s })})</>
    );
  return (
    <>
      {(lead.source ?? "web") === "web" && (
        <>
          <dt>{d.label}</dt>
          <dd>
            <Time date={state.dueAt} />{" "}
            {state.kind === "answered" ? (
              <>({state.lateByMs === null ? d.answeredInTime : <strong>{d.answeredLate(state.lateByMs)}</strong>})</>
            ) : owesFirstReply(lead) ? (
              standing(state, "first")
            ) : null}
          </dd>
        </>
      )}
      {owesLaterReply(lead) &&
        (() => {
          const later = laterState(lead, due);
          return (
            <>
              <dt>{d.nextLabel}</dt>
              <dd>
                <Time date={later.dueAt} /> {standing(later, "later")}
              </dd>
            </>
          );
        })()}
    </>
  );
}

/** The digest's words for a lead that owes a reply, or undefined. */
export function dueWords(lead: DueLead, due: DueContext): string | undefined {
  const owed = owedReply(lead, due);
  return owed && wordsOf(owed);
}
