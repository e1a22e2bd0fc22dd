/** @jsxImportSource hono/jsx */
import type { LeadKind as LeadType } from "../../../app/lib/contracts/leads";
import { nextStatuses } from "../../leads/workflow";
import { dueState, type ResponseTargets } from "../response-targets";
import { dueText as d } from "./texts";
import { Time } from "./view-parts";

// Where a lead stands against its first-response target (decision 0153), in words: an overdue one
// is also strong, never told by colour alone.

type DueLead = { type: LeadType; status: string; receivedAt: Date; firstResponseAt?: Date | null; source?: string };

/** What the desk needs to tell a lead's due time: the admin's targets, the desk's zone and its clock's reading. */
export type DueContext = { targets: ResponseTargets; timeZone: string; now: Date };

/**
 * Whether a lead still owes its first reply: not answered, not closed without one, and sent through the
 * site (a lead imported from the former outbox was answered, or not, outside the desk).
 */
export const owesFirstReply = (lead: DueLead) =>
  lead.firstResponseAt === null && (lead.source ?? "web") === "web" && nextStatuses(lead.type, lead.status).length > 0;

/** "due in 2 h" or "overdue by 3 h" for a lead that owes its first reply; nothing otherwise (the list's rows). */
export function DueNote({ lead, due }: { lead: DueLead; due: DueContext }) {
  if (!owesFirstReply(lead)) return null;
  const state = dueState({ ...lead, firstResponseAt: null }, due.targets, due.timeZone, due.now);
  return state.kind === "overdue" ? (
    <strong class="overdue">{d.overdueBy(state.byMs)}</strong>
  ) : (
    <span class="due">{d.dueIn(state.kind === "due" ? state.inMs : 0)}</span>
  );
}

/** The lead page's line: the due time, and how the lead stands against it. */
export function DueFact({ lead, due }: { lead: DueLead & { firstResponseAt: Date | null }; due: DueContext }) {
  const state = dueState(lead, due.targets, due.timeZone, due.now);
  return (
    <>
      <dt>{d.label}</dt>
      <dd>
        <Time date={state.dueAt} />{" "}
        {state.kind === "answered" ? (
          <>({state.lateByMs === null ? d.answeredInTime : <strong>{d.answeredLate(state.lateByMs)}</strong>})</>
        ) : owesFirstReply(lead) ? (
          <>({state.kind === "overdue" ? <strong>{d.overdueBy(state.byMs)}</strong> : d.dueIn(state.inMs)})</>
        ) : null}
      </dd>
    </>
  );
}

/** The digest's words for a lead that owes its first reply, or undefined. */
export function dueWords(lead: DueLead, due: DueContext): string | undefined {
  if (!owesFirstReply(lead)) return undefined;
  const state = dueState({ ...lead, firstResponseAt: null }, due.targets, due.timeZone, due.now);
  return state.kind === "overdue" ? d.overdueBy(state.byMs) : state.kind === "due" ? d.dueIn(state.inMs) : undefined;
}
