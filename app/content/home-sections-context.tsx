import { createContext, useContext } from "react";
import type { HomeSections } from "~/content/home-sections";
import type { EntryLang } from "~/content/reader/translations.server";

// The home page's sections in the page's language (decision 0169): the home route gives them from
// its loader data, and each section reads its own; a section's words are never in its JavaScript.
const HomeSectionsContext = createContext<HomeSections | null>(null);

export const HomeSectionsProvider = HomeSectionsContext.Provider;

/** The page's home sections; only inside the home page (HomeSectionsProvider). */
export function useHomeSections(): HomeSections {
  const sections = useContext(HomeSectionsContext);
  if (!sections) throw new Error("useHomeSections: outside the home page (no HomeSectionsProvider)");
  return sections;
}

/** A section's `lang` as an attribute: none where it is the page's own. */
export const langAttribute = (lang: EntryLang) => lang ?? undefined;
