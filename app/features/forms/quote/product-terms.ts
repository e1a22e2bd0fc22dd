// A product's own minimum order and lead time (issue 47) as the form reads them from its product
// list: each product's option carries them (data-moq, data-lead-time: quote-options.server.ts).
// Loaded with the checks after hydration (quote-form.tsx loadChecks), not in the page's first load:
// only a send needs them.
import { business } from "~/lib/contracts/constants";
import { minimumQuantity, productFieldName } from "~/lib/contracts/quote";
import type { ProductTermsOf } from "~/lib/contracts/quote-check";

const field = (form: HTMLFormElement, row: number, name: Parameters<typeof productFieldName>[1]) =>
  form.elements.namedItem(productFieldName(row, name)) as HTMLInputElement | HTMLSelectElement | null;

/** Each product's own terms, from the first row's list (it holds every product); undefined: the company's. */
export const productTermsOf =
  (form: HTMLFormElement): ProductTermsOf =>
  (ref) => {
    const option = [...((field(form, 0, "product") as HTMLSelectElement | null)?.options ?? [])].find((o) => o.value === ref);
    const { moq, leadTime } = option?.dataset ?? {};
    return moq ? { moqPiecesPerColour: Number(moq), leadTimeDays: [Number(leadTime), Number(leadTime)] } : undefined;
  };

/** What the below-moq message of a row names: its minimum (its product's per colour × its colours), the per-colour part and the colours. */
export function rowMinimum(form: HTMLFormElement, row: number) {
  const colours = Number(field(form, row, "colours")?.value);
  const perColour = productTermsOf(form)(field(form, row, "product")?.value ?? "")?.moqPiecesPerColour ?? business.moqPiecesPerColor;
  return { minimum: minimumQuantity(colours, perColour).toLocaleString("en"), perColour: perColour.toLocaleString("en"), colours };
}
