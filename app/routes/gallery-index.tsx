import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { OwnLanguageHandle } from "~/components/layout/site-main";
import { PageShell } from "~/components/page-banner/page-shell";
import { Catalogue } from "~/features/gallery/catalogue-page";
import { catalogueView } from "~/features/gallery/catalogue-view";
import { loadCatalogueData } from "~/features/gallery/gallery-data.server";
import { lineSheetLinks, loadLineSheets } from "~/features/gallery/line-sheets.server";
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
  const [{ data, words, wordsLang }, english, sheets] = await Promise.all([
    loadCatalogueData(undefined, params.lang),
    loadCatalogueData(),
    loadLineSheets({ siteOrigin: siteUrl() }),
  ]);
  const view = catalogueView(data, words, params.lang, wordsLang);
  // The line sheets in the page's language (decision 0175), a family's name in its own (decision 0183);
  // where it has none, the default language's, their links' words and the families' names the default's, marked so.
  const links = lineSheetLinks(sheets, params.lang, { words, english });
  const families = Object.fromEntries(
    view.families.flatMap((f) => {
      const link = links.family(f);
      return link ? [[f.slug, link] as const] : [];
    }),
  );
  return { view, lineSheets: { families, ...(links.catalogue ? { catalogue: links.catalogue } : {}) } };
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
