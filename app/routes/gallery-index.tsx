import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { OwnLanguageHandle } from "~/components/layout/site-main";
import { PageShell } from "~/components/page-banner/page-shell";
import { Catalogue } from "~/features/gallery/catalogue-page";
import { catalogueView } from "~/features/gallery/catalogue-view";
import { loadCatalogueData } from "~/features/gallery/gallery-data.server";
import { lineSheetLink, lineSheetsFor, loadLineSheets } from "~/features/gallery/line-sheets.server";
import { siteUrl } from "~/lib/site-url";
import { type MetaArgs, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/gallery-index";

export const meta = (args: MetaArgs) => pageMeta("gallery", args);

// Every block says its own language (decision 0174): the families' and products' names, the cards'
// lines and the filters' choices theirs (an untranslated product English), the filters' words the
// catalogue words', the line sheets' links their sheets' (decision 0175).
export const handle: OwnLanguageHandle = { blocksSayTheirLanguage: true };

// Build time only (the page is prerendered): every product with its facts and the filters' choices
// come from content/gallery/ as loader data, with the line sheets' links and sizes (decisions 0075, 0077).
// Every product in the page's language (decision 0171).
export async function loader({ params }: Route.LoaderArgs) {
  const [{ data, words, wordsLang }, { data: english, words: englishWords }, sheets] = await Promise.all([
    loadCatalogueData(undefined, params.lang),
    loadCatalogueData(),
    loadLineSheets({ siteOrigin: siteUrl() }),
  ]);
  const view = catalogueView(data, words, params.lang, wordsLang);
  // The line sheets in the page's language (decision 0175); where it has none, the default language's,
  // their links' words and the families' names in them the default's, marked so.
  const { set, lang } = lineSheetsFor(sheets, params.lang);
  const linkWords = lang ? englishWords : words;
  const code = lang ?? params.lang;
  const nameOf = (slug: string, label: string) => (lang ? (english.find((f) => f.category === slug)?.label ?? slug) : label);
  const families = Object.fromEntries(
    view.families.flatMap((f) =>
      set.families[f.slug]
        ? [[f.slug, lineSheetLink(set.families[f.slug]!, linkWords.lineSheets.familyLink, { values: { family: nameOf(f.slug, f.label) }, code, lang })]]
        : [],
    ),
  );
  const catalogue = set.catalogue && lineSheetLink(set.catalogue, linkWords.lineSheets.catalogueLink, { code, lang });
  return { view, lineSheets: { families, ...(catalogue ? { catalogue } : {}) } };
}

// The filters live in the address's query: a change of them is not a new page to load.
export const shouldRevalidate = ({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export default function GalleryIndexPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageShell page="gallery">
      <Catalogue view={loaderData.view} lineSheets={loaderData.lineSheets} />
    </PageShell>
  );
}
