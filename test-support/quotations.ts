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
