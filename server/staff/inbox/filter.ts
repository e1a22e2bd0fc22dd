import type { InboxFilter } from "../../leads/inbox";
import { isStatus } from "../../leads/workflow";
import { leadTypes, type LeadType } from "../roles";

export type { InboxFilter };

export const searchMaxLength = 200;

/** The filter read from the inbox's GET form, and a reason for each value that was set aside. */
export function parseFilter(params: URLSearchParams): { filter: InboxFilter; problems: string[] } {
  const filter: InboxFilter = {};
  const problems: string[] = [];
  const value = (name: string) => params.get(name)?.trim() ?? "";

  const type = value("type");
  if (type) {
    if ((leadTypes as readonly string[]).includes(type)) filter.type = type as LeadType;
    else problems.push(`Type "${type}" is not a lead type.`);
  }
  const status = value("status");
  if (status) {
    if (isStatus(status)) filter.status = status;
    else problems.push(`Status "${status}" is not a status.`);
  }
  const assignee = value("assignee");
  if (assignee) filter.assignee = assignee.slice(0, 100);
  for (const name of ["from", "to"] as const) {
    const day = value(name);
    if (!day) continue;
    if (isDay(day)) filter[name] = day;
    else problems.push(`${name === "from" ? "From" : "To"} date "${day}" is not a date (YYYY-MM-DD).`);
  }
  const q = value("q");
  if (q) filter.q = q.slice(0, searchMaxLength);
  return { filter, problems };
}

function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The filter as query parameters (links to other pages and the CSV export keep it). */
export function filterParams(filter: InboxFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) params.set(name, value);
  return params;
}
