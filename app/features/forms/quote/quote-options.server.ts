import { renderOptionsMarkup } from "~/components/form-field/options-markup.server";
import type { OptionsMarkup } from "~/components/form-field/options-markup";
import type { QuoteContent } from "~/content/quote";
import type { QuoteChoices } from "~/content/quote-choices";
import { buyerTypes, incoterms, paymentModes } from "~/lib/contracts/quote";
import type { QuoteOptions } from "./quote-form";

/**
 * Build time only (/quote's loader): the form's lists as markup, in the words' language: the two long
 * ones, products and countries, and the buyer types, incoterms and payment modes (markup too since
 * decision 0166: the page's JavaScript then neither maps them nor holds their codes' lists).
 */
export function quoteOptions(words: QuoteContent, choices: QuoteChoices): QuoteOptions {
  return {
    products: renderOptionsMarkup([
      { value: "", label: words.productNone },
      ...choices.productGroups.map((group) => ({
        label: group.label,
        // A family's or product's name not in the page's language says its own (decision 0180): the
        // attribute is in the markup, the page's JavaScript carries nothing for it.
        lang: group.lang,
        // Each product's own terms (decision 0078) ride on its option: the form shows and checks them
        // without a second list in its JavaScript.
        options: group.products.map((p) => ({
          value: p.ref,
          label: p.label,
          lang: p.lang,
          data: { moq: String(p.moq), "lead-time": String(p.leadTimeDays), terms: p.terms },
        })),
      })),
    ]),
    countries: renderOptionsMarkup([{ value: "", label: words.countryNone }, ...choices.countries.map((c) => ({ value: c.code, label: c.name }))]),
    buyerTypes: chooseOne(words, buyerTypes, words.buyerTypes),
    incoterms: chooseOne(words, incoterms, words.incoterms),
    paymentModes: chooseOne(words, paymentModes, words.paymentModes),
  };
}

/** A short list: "Choose one", then each code with its words. */
function chooseOne<C extends string>(words: QuoteContent, codes: readonly C[], labels: Record<C, string>): OptionsMarkup {
  return renderOptionsMarkup([{ value: "", label: words.chooseOne }, ...codes.map((code) => ({ value: code, label: labels[code] }))]);
}
