import { leadsForExport, type InboxFilter } from "../../leads/inbox";
import { isStatus, statusLabels, typeLabels, type LeadStatus } from "../../leads/workflow";
import type { LeadType } from "../roles";
import { csvRecord } from "./csv";

export const csvColumns = [
  "reference",
  "type",
  "status",
  "received (UTC)",
  "name",
  "e-mail",
  "company",
  "country",
  "subject / products / position",
  "assignee",
  "message",
];

/**
 * The filtered list as CSV, every row the filter matches (not one page), written batch by batch as
 * the leads module reads them (keyset, newest first), so tens of thousands of rows never sit in memory at once.
 */
export async function* exportCsv(
  db: Parameters<typeof leadsForExport>[0],
  { types, filter, assigneeName, batch }: { types: readonly LeadType[]; filter: InboxFilter; assigneeName: (id: string) => string; batch?: number },
): AsyncGenerator<string> {
  yield `\uFEFF${csvRecord(csvColumns)}`;
  for await (const leads of leadsForExport(db, { types, filter, batch })) {
    let chunk = "";
    for (const lead of leads) {
      chunk += csvRecord([
        lead.reference,
        typeLabels[lead.type],
        isStatus(lead.status) ? statusLabels[lead.status as LeadStatus] : lead.status,
        lead.receivedAt.toISOString(),
        lead.name,
        lead.email,
        lead.company,
        lead.country,
        lead.topic,
        lead.assigneeId ? assigneeName(lead.assigneeId) : "",
        lead.message,
      ]);
    }
    yield chunk;
  }
}
