import { data } from "react-router";
import type { OwnLanguageHandle } from "~/components/layout/site-main";
import { loadCatalogueData } from "~/features/gallery/gallery-data.server";
import { lineSheetLinks, loadLineSheets } from "~/features/gallery/line-sheets.server";
import { siteUrl } from "~/lib/site-url";
import { GalleryFamilyPage } from "~/features/gallery/gallery-family-page";
import { galleryFamilyView } from "~/features/gallery/gallery-family-view";
import { decodeSegment } from "~/features/gallery/gallery-item-view";
import { localeAt } from "~/lib/locale";
import { messagesIn, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/gallery-family";

// Every block says its own language (decision 0171): the banner and the cards the family's and
// products' (an untranslated one English), the breadcrumb the pages' words', the line sheet's link its
// sheet's (the page's language's, decision 0175; the default language's where its words are not translated).
export const handle: OwnLanguageHandle = { blocksSayTheirLanguage: true };

// Build time only: one route per family file (app/routes.ts), prerendered with its items baked in.
export async function loader({ request }: Route.LoaderArgs) {
  const { path, locale } = localeAt(new URL(request.url).pathname);
  const slug = decodeSegment(path.split("/")[2] ?? "");
  // The family and its products in the page's language (decision 0171).
  const [{ data: gallery, words }, english, sheets] = await Promise.all([
    loadCatalogueData(undefined, locale.code),
    loadCatalogueData(),
    loadLineSheets({ siteOrigin: siteUrl() }),
  ]);
  const family = galleryFamilyView(gallery, slug);
  if (!family) throw data(null, { status: 404 });
  // The family's line sheet (decision 0075), with its size: "Download the Men line sheet (PDF, 1.1 MB)",
  // in the page's language (decision 0175), the family's name in its own (decision 0183); where the
  // language has none, the default language's sheet, its link's words and the family's name the default's, marked so.
  const lineSheet = lineSheetLinks(sheets, locale.code, { words, english }).family(family);
  return { ...family, ...(lineSheet ? { lineSheet } : {}) };
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const family = loaderData.label;
  const galleryLabels = messagesIn(matches).gallery;
  return pageMeta(
    {
      title: galleryLabels.familyTitle.replace("{family}", family),
      path: loaderData.path,
      description: galleryLabels.familyDescription.replace("{family}", family),
    },
    { location, matches },
  );
}

export default function GalleryFamilyRoute({ loaderData }: Route.ComponentProps) {
  return <GalleryFamilyPage family={loaderData} />;
}
