import { renderOptionsMarkup } from "~/components/form-field/options-markup.server";
import type { QuoteContent } from "~/content/quote";
import type { QuoteChoices } from "~/content/quote-choices";
import type { QuoteOptions } from "./quote-form";

/** Build time only (/quote's loader): the form's two long lists, products and countries, as markup. */
export function quoteOptions(words: QuoteContent, choices: QuoteChoices): QuoteOptions {
  return {
    products: renderOptionsMarkup([
      { value: "", label: words.productNone },
      ...choices.productGroups.map((group) => ({
        label: group.label,
        // Each product's own terms (decision 0078) ride on its option: the form shows and checks them
        // without a second list in its JavaScript.
        options: group.products.map((p) => ({
          value: p.ref,
          label: p.label,
          data: { moq: String(p.moq), "lead-time": String(p.leadTimeDays), terms: p.terms },
        })),
      })),
    ]),
    countries: renderOptionsMarkup([{ value: "", label: words.countryNone }, ...choices.countries.map((c) => ({ value: c.code, label: c.name }))]),
  };
}
