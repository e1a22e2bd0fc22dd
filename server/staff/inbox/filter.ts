import type { InboxFilter } from "../../leads/inbox";
import { isStatus, type LeadStatus } from "../../leads/workflow";
import { query, readQuery, type QueryParameter } from "../../platform/query-reader";
import { leadTypes } from "../roles";

export type { InboxFilter };

export const searchMaxLength = 200;

/** The inbox's filters, each read by the one query reader (decision 0134) within its range. */
const filterQuery = {
  type: query.oneOf("Type", leadTypes, "is not a lead type"),
  status: { label: "Status", read: (raw: string) => (isStatus(raw.trim()) ? { value: raw.trim() as LeadStatus } : { why: "is not a status" }) },
  assignee: query.text("Assignee", 100),
  from: query.day("From date"),
  to: query.day("To date"),
  q: query.text("Search", searchMaxLength),
  minimum: query.oneOf("Order size", ["below"] as const, "is not an order size"),
  // A language code (decision 0164): lower-case letters, digits and hyphens, as content/locales.yaml writes them.
  locale: {
    label: "Language",
    read: (raw: string) => (/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/.test(raw.trim()) ? { value: raw.trim() } : { why: "is not a language code" }),
  },
} satisfies Record<keyof InboxFilter, QueryParameter<unknown>>;

/** The filter read from the inbox's GET form, and a reason for each value that was set aside. */
export function parseFilter(params: URLSearchParams): { filter: InboxFilter; problems: string[] } {
  const { values, problems } = readQuery(params, filterQuery);
  const filter: InboxFilter = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ""));
  return { filter, problems: problems.map((p) => p.message) };
}

/** The filter as query parameters (links to other pages and the CSV export keep it). */
export function filterParams(filter: InboxFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) params.set(name, value);
  return params;
}
