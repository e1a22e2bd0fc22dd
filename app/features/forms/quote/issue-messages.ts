// What a send needs beyond the shared checks, loaded with them after hydration (quote-form.tsx
// loadChecks), never in the page's first load (the JavaScript budget): each product's own minimum
// order and lead time (decision 0078) as its option in the product list carries them (data-moq,
// data-lead-time: quote-options.server.ts), and the message naming each refused rule, from the
// page's language's words (the route's loader data, not JavaScript: decision 0166).
import type { QuoteContent } from "~/content/quote";
import { productFieldName, type QuoteIssue } from "~/lib/contracts/quote";
import type { ProductTermsOf } from "~/lib/contracts/quote-check";

const field = (form: HTMLFormElement, row: number, name: Parameters<typeof productFieldName>[1]) =>
  form.elements.namedItem(productFieldName(row, name)) as HTMLInputElement | HTMLSelectElement | null;

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));

/** Each product's own terms, from the first row's list (it holds every product); undefined: the company's. */
export const productTermsOf =
  (form: HTMLFormElement): ProductTermsOf =>
  (ref) => {
    const option = [...((field(form, 0, "product") as HTMLSelectElement | null)?.options ?? [])].find((o) => o.value === ref);
    const { moq, leadTime } = option?.dataset ?? {};
    return moq ? { moqPiecesPerColour: Number(moq), leadTimeDays: [Number(leadTime), Number(leadTime)] } : undefined;
  };

/**
 * The message naming a refused rule, from the form's `words`; the earliest delivery month (as the
 * words' language writes it) and its lead time are the form's (`delivery`). A quantity below a
 * product's minimum is no refusal (a trial order, decision 0148): the form says so beside the field
 * itself (quote-form.tsx).
 */
export function issueMessage(
  issue: QuoteIssue,
  words: Pick<QuoteContent, "problems" | "deliveryTooEarly">,
  delivery: { earliest: string; days: number },
): string {
  if (issue.problem === "delivery-too-early") return fill(words.deliveryTooEarly, delivery);
  return words.problems[issue.problem];
}
