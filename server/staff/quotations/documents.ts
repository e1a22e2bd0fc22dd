import countries from "i18n-iso-countries";
import type { QuotationSettings } from "../../../app/lib/contracts/server-settings";
import type { Quotation, QuotedLead } from "../../leads/quotations";
import { renderQuotationPdf } from "./quotation-pdf";

/** Renders a draft's preview (version null) or a version about to be sent, issued on `issuedOn`. */
export type RenderQuotation = (args: { lead: QuotedLead; quotation: Quotation; version: number | null; issuedOn: Date }) => Promise<Buffer>;

/** The quotation PDFs of the build being served: its letterhead (content) and logo. */
export function quotationRenderer({ settings, logo }: { settings: () => QuotationSettings; logo: () => Promise<Buffer | undefined> }): RenderQuotation {
  return async ({ lead, quotation, version, issuedOn }) => {
    const request = lead.request;
    const country = request?.country ? (countries.getName(request.country, "en") ?? request.country) : "";
    return renderQuotationPdf(
      {
        letterhead: settings().letterhead,
        reference: lead.reference,
        version,
        issuedOn,
        buyer: { name: request?.name ?? "", company: request?.company ?? "", country },
        terms: quotation,
        lines: quotation.lines,
        priceBreakWords: settings().page.priceBreak,
        // Decision 0155: the closing blocks, as the content has them when the version is made.
        bankDetails: settings().bankDetails,
        // Named with the studio's words for the buyer's page, so the PDF and the page say the same.
        bankWords: settings().page.bank,
        signatory: settings().signatory,
      },
      { logo: await logo() },
    );
  };
}
