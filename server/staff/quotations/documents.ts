import countries from "i18n-iso-countries";
import { quotationWordsIn, type QuotationSettings } from "../../../app/lib/contracts/server-settings";
import type { Quotation, QuotedLead } from "../../leads/quotations";
import { renderQuotationPdf } from "./quotation-pdf";

/** Renders a draft's preview (version null) or a version about to be sent, issued on `issuedOn`. */
export type RenderQuotation = (args: { lead: QuotedLead; quotation: Quotation; version: number | null; issuedOn: Date }) => Promise<Buffer>;

/** The quotation PDFs of the build being served: its letterhead (content) and logo. */
export function quotationRenderer({ settings, logo }: { settings: () => QuotationSettings; logo: () => Promise<Buffer | undefined> }): RenderQuotation {
  return async ({ lead, quotation, version, issuedOn }) => {
    const request = lead.request;
    // In the language of the buyer's request (decision 0164): the words, the days, the country's name.
    const words = quotationWordsIn(settings(), lead.locale);
    const country = request?.country ? (countries.getName(request.country, lead.locale) ?? countries.getName(request.country, "en") ?? request.country) : "";
    return renderQuotationPdf(
      {
        letterhead: settings().letterhead,
        reference: lead.reference,
        version,
        issuedOn,
        buyer: { name: request?.name ?? "", company: request?.company ?? "", country },
        terms: quotation,
        lines: quotation.lines,
        priceBreakWords: words.page.priceBreak,
        // Decision 0155: the closing blocks, as the content has them when the version is made.
        bankDetails: settings().bankDetails,
        // Named with the studio's words for the buyer's page, so the PDF and the page say the same.
        bankWords: words.page.bank,
        signatory: settings().signatory,
        words: words.pdf,
        locale: lead.locale,
      },
      { logo: await logo() },
    );
  };
}
