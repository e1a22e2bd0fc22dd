import type { LeadKind as LeadType } from "../../app/lib/contracts/leads";

/**
 * Each lead type's status workflow (decision 0052): contact new → in progress → answered → closed;
 * quote new → (in progress →) quoted → accepted / changes requested / declined / expired (the buyer's
 * answers to a quotation, decision 0114) → won (staff confirm the order) / lost, and a new quotation makes
 * it quoted again — except an accepted lead, which a revision of its accepted quotation leaves accepted
 * (decision 0137) — (in progress: answered, no quotation yet);
 * application new → shortlisted → interviewed → hired / rejected.
 * A lead moves only along these arrows (decision 0052).
 */
const workflows = {
  contact: { new: ["in_progress"], in_progress: ["answered"], answered: ["closed"], closed: [] },
  quote: {
    new: ["in_progress", "quoted"],
    in_progress: ["quoted"],
    quoted: ["accepted", "changes_requested", "declined", "won", "lost"],
    accepted: ["won", "lost"],
    changes_requested: ["quoted", "lost"],
    declined: ["quoted", "lost"],
    expired: ["quoted", "lost"],
    won: [],
    lost: [],
  },
  career: { new: ["shortlisted"], shortlisted: ["interviewed"], interviewed: ["hired", "rejected"], hired: [], rejected: [] },
} as const satisfies Record<LeadType, Record<string, readonly string[]>>;

export type LeadStatus = { [T in LeadType]: keyof (typeof workflows)[T] }[LeadType];

export const statusLabels: Record<LeadStatus, string> = {
  new: "new",
  in_progress: "in progress",
  answered: "answered",
  closed: "closed",
  quoted: "quoted",
  accepted: "accepted",
  changes_requested: "changes requested",
  declined: "declined",
  expired: "expired",
  won: "won",
  lost: "lost",
  shortlisted: "shortlisted",
  interviewed: "interviewed",
  hired: "hired",
  rejected: "rejected",
};

export const typeLabels: Record<LeadType, string> = { contact: "contact", quote: "quote", career: "application" };

/** Every status a type's lead can have, in workflow order. */
export function statusesOf(type: LeadType): readonly LeadStatus[] {
  return Object.keys(workflows[type]) as LeadStatus[];
}

/** The statuses a type's lead never leaves: its workflow is over (a quote's: won, lost). */
export function closedStatusesOf(type: LeadType): LeadStatus[] {
  return statusesOf(type).filter((status) => nextStatuses(type, status).length === 0);
}

/** The statuses of all the given types, each once (the inbox's status filter). */
export function statusesOfTypes(types: readonly LeadType[]): LeadStatus[] {
  return [...new Set(types.flatMap(statusesOf))];
}

export function isStatus(value: string): value is LeadStatus {
  return Object.hasOwn(statusLabels, value);
}

/** The statuses a lead of this type and status may move to next. */
export function nextStatuses(type: LeadType, status: string): readonly LeadStatus[] {
  const steps = workflows[type] as Record<string, readonly LeadStatus[]>;
  return Object.hasOwn(steps, status) ? (steps[status] ?? []) : [];
}

/** Why a move is refused, in words for the staff; undefined when it is allowed. */
export function transitionRefusal(type: LeadType, from: string, to: string): string | undefined {
  const allowed = nextStatuses(type, from);
  if ((allowed as readonly string[]).includes(to)) return undefined;
  const fromLabel = isStatus(from) ? statusLabels[from] : from;
  const toLabel = isStatus(to) ? statusLabels[to] : to;
  const options = allowed.length ? `it can become ${allowed.map((s) => statusLabels[s]).join(" or ")}` : "its workflow is finished";
  return `An ${typeLabels[type]} lead that is ${fromLabel} cannot become ${toLabel}: ${options}.`.replace(/^An (c|q)/, "A $1");
}
