import { formFields } from "./html-forms";
import type { TestBrowser } from "./staff";

/** The page of a lead's next version's e-mail (decision 0151). */
export const quotationMailPath = (leadId: number) => `/staff/leads/${leadId}/quotation/email`;

/**
 * Sends a draft as sales do (decision 0151): the editor's form posted with "Review the e-mail to the
 * buyer" (`intent: "send"`), then the e-mail's page's form as the page shows it, its text changed by
 * `edit` when given. The editor's answer when it does not lead to the e-mail's page, else the send's;
 * `page` the e-mail's page as it was shown.
 */
export async function sendQuotationDraft(
  browser: TestBrowser,
  leadId: number,
  editorForm: Record<string, string>,
  edit?: (text: string) => string,
): Promise<{ response: Response; page?: string }> {
  const reviewed = await browser.post(`/staff/leads/${leadId}/quotation`, { ...editorForm, intent: "send" });
  if (reviewed.status !== 303 || reviewed.headers.get("location") !== quotationMailPath(leadId)) return { response: reviewed };
  const shown = await browser.request(quotationMailPath(leadId));
  const page = await shown.text();
  if (shown.status !== 200) return { response: new Response(page, { status: shown.status }), page };
  const fields = formFields(page, quotationMailPath(leadId));
  if (edit) fields.text = edit(fields.text ?? "");
  return { response: await browser.post(quotationMailPath(leadId), fields), page };
}

/** A requested product of the fixture buyer's quote request, as the form sends it. */
export type RequestedProduct = { product: string; quantity: number; colours: number; sizes: string; targetPrice: string; currency: string; notes: string };

/** Denim jackets in euros and hoodies in dollars: the two products the quotation tests price. */
export const requestedDenimJacket: RequestedProduct = {
  product: "men/denim-jacket",
  quantity: 1500,
  colours: 3,
  sizes: "S-XL",
  targetPrice: "",
  currency: "EUR",
  notes: "",
};
export const requestedHoodie: RequestedProduct = {
  product: "men/hoodie",
  quantity: 600,
  colours: 2,
  sizes: "M-XXL",
  targetPrice: "",
  currency: "USD",
  notes: "",
};

/** The fields of the quotation tests' quote request from Li Wei of Harbour Trading, FOB to Hamburg, with these products; `more` adds or replaces fields. */
export function harbourQuoteRequest(products: RequestedProduct[] = [requestedDenimJacket, requestedHoodie], more: Record<string, string> = {}) {
  return {
    name: "Li Wei",
    email: "li@harbour.test",
    company: "Harbour Trading",
    country: "DE",
    incoterm: "FOB",
    destination: "Hamburg",
    deliveryMonth: "2027-03",
    ...more,
    products,
  };
}
