/**
 * A select's `<option>`s (and `<optgroup>`s) as markup rendered at build time by
 * `renderOptionsMarkup` (options-markup.server.tsx), never by hand: React escapes every label.
 * A long list given this way is one DOM write for the browser and nothing for hydration to walk
 * (no React element per option): /quote's products and 249 countries (decision 0057).
 */
export type OptionsMarkup = { readonly html: string };

/**
 * `data`: data-* attributes of the option (a product's minimum order, read by the form). `lang`: the
 * label's language where it is not the page's (an untranslated product's name: decision 0180).
 */
export type OptionChoice = { value: string; label: string; data?: Record<string, string>; lang?: string };
export type OptionGroup = { label: string; options: readonly OptionChoice[]; lang?: string };
