/** @jsxImportSource hono/jsx */
import { formatMoney, totalsByCurrency } from "../../../app/lib/contracts/money";
import { staffPaths } from "../../../app/lib/contracts/staff-paths";
import type { CustomerLead, CustomerQuotation } from "../../leads/inbox";
import { typeLabels } from "../../leads/workflow";
import type { LeadType } from "../roles";
import { ButtonLink, DataTable } from "../ui";
import { quotationText } from "../quotations/texts";
import { customerText as t } from "./texts";
import { statusText } from "./view-parts";

// A customer's page (decision 0149): every lead the reader may see from the same e-mail address or
// company, with each one's outcome and quotations, and the link to it from a lead's page.

/** A lead's page (views.tsx's leadPath, spelt here: views.tsx imports this file for the link). */
const leadPath = (id: number) => `${staffPaths.leads}/${id}`;
export const customerPath = (leadId: number) => `${leadPath(leadId)}/customer`;

/** The lead's page's link to its customer's page, with how many leads the reader may see there. */
export function CustomerLink({ leadId, type, count, more = false }: { leadId: number; type: LeadType; count: number; more?: boolean }) {
  return <ButtonLink href={customerPath(leadId)}>{t.link(t.who(type), count, more)}</ButtonLink>;
}

/** The day a lead came (UTC), machine-readable to the second: the table reads as a history of days. */
const Day = ({ date }: { date: Date }) => <time datetime={date.toISOString()}>{date.toISOString().slice(0, 10)}</time>;

const moneyText = (lines: CustomerQuotation["lines"]) =>
  totalsByCurrency(lines)
    .map((total) => formatMoney(total.minor, total.currency))
    .join("; ");

/**
 * The summary's figures: versions sent and the requests they went to; the requests accepted and the
 * value accepted per currency, by each request's newest accepted version (a revision accepted again
 * counts once, decision 0137), never one sum across currencies.
 */
export function customerFigures(leads: readonly CustomerLead[]) {
  const quoted = leads.filter((lead) => lead.quotations.length > 0);
  const accepted = quoted.flatMap((lead) => {
    const newest = lead.quotations.find((q) => q.status === "accepted");
    return newest ? [newest] : [];
  });
  const byType = new Map<LeadType, number>();
  for (const lead of leads) byType.set(lead.type, (byType.get(lead.type) ?? 0) + 1);
  return {
    byType: [...byType].map(([type, n]) => `${n} ${typeLabels[type]}`).join(", "),
    versionsSent: quoted.reduce((sum, lead) => sum + lead.quotations.length, 0),
    requestsQuoted: quoted.length,
    requestsAccepted: accepted.length,
    acceptedValue: moneyText(accepted.flatMap((q) => q.lines)),
  };
}

export function CustomerView({
  lead,
  who,
  name,
  email,
  company,
  leads,
  more,
}: {
  /** The lead the page was opened from. */
  lead: { id: number; reference: string };
  who: string;
  name: string;
  email: string;
  company: string;
  leads: readonly CustomerLead[];
  more: boolean;
}) {
  const figures = customerFigures(leads);
  return (
    <>
      <p class="actions">
        <ButtonLink href={leadPath(lead.id)}>{t.backToLead(lead.reference)}</ButtonLink>
      </p>
      <p>{t.intro(who)}</p>
      <dl>
        <dt>{t.nameLabel}</dt>
        <dd>{name}</dd>
        <dt>{t.emailLabel}</dt>
        <dd>{email || t.noEmail}</dd>
        {company && (
          <>
            <dt>{t.companyLabel}</dt>
            <dd>{company}</dd>
          </>
        )}
      </dl>

      <section aria-labelledby="customer-summary-heading">
        <h2 id="customer-summary-heading">{t.summaryHeading}</h2>
        <dl>
          <dt>{t.leadsLabel}</dt>
          <dd>
            {t.leadsCount(leads.length, more)}
            {figures.byType && t.byType(figures.byType)}
          </dd>
          <dt>{t.sentLabel}</dt>
          <dd>{t.sentCount(figures.versionsSent, figures.requestsQuoted)}</dd>
          <dt>{t.acceptedLabel}</dt>
          <dd>{t.acceptedCount(figures.requestsAccepted)}</dd>
          <dt>{t.acceptedValueLabel}</dt>
          <dd>{figures.acceptedValue || t.acceptedValueNone}</dd>
        </dl>
      </section>

      <section aria-labelledby="customer-leads-heading">
        <h2 id="customer-leads-heading">{t.leadsHeading}</h2>
        <DataTable
          caption={t.tableCaption}
          empty=""
          rows={leads}
          columns={[
            {
              header: t.columns.lead,
              rowHeader: true,
              cell: (row) => (
                <>
                  <a href={leadPath(row.id)}>{row.reference}</a>
                  {!row.sameEmail && (
                    <>
                      <br />
                      {t.sameCompany(row.name, row.email)}
                    </>
                  )}
                </>
              ),
            },
            { header: t.columns.type, cell: (row) => typeLabels[row.type] },
            { header: t.columns.received, cell: (row) => <Day date={row.receivedAt} /> },
            { header: t.columns.topic, wraps: true, cell: (row) => row.topic },
            { header: t.columns.status, cell: (row) => statusText(row.status) },
            { header: t.columns.messages, cell: (row) => row.messages.toLocaleString("en") },
            {
              header: t.columns.quotations,
              wraps: true,
              cell: (row) =>
                row.type !== "quote" ? (
                  ""
                ) : row.quotations.length === 0 ? (
                  t.noQuotations
                ) : (
                  <ul class="plain">
                    {row.quotations.map((q) => (
                      <li>
                        {t.quotation(q.version, quotationText.statuses[q.status] ?? q.status, moneyText(q.lines))}
                        {q.revisesVersion !== null && t.revisionOf(q.revisesVersion)}
                      </li>
                    ))}
                  </ul>
                ),
            },
          ]}
        />
      </section>
    </>
  );
}
