import type { OwnLanguageHandle } from "~/components/layout/site-main";
import { GalleryItemView } from "~/features/gallery/gallery-item-page";
import { loadGalleryData } from "~/features/gallery/gallery-data.server";
import { type GalleryItemState, galleryItemState } from "~/features/gallery/gallery-item-view";
import { loadGalleryItem } from "~/features/gallery/load-gallery-item";
import { galleryProductJsonLd } from "~/features/gallery/gallery-product-json-ld";
import { localeAt } from "~/lib/locale";
import { messagesIn, pageMeta, pagesIn } from "~/lib/seo";
import type { Route } from "./+types/gallery-item";

// Every block says its own language (decision 0171): the product's words theirs (an untranslated
// product English), the specification's labels the catalogue words', its certificates their records'.
export const handle: OwnLanguageHandle = { blocksSayTheirLanguage: true };

// Build time: each of the prerendered paths gets its item (from content/gallery/) baked into the
// HTML, with its schema.org Product (made here, so no page carries the code for it).
export async function loader({ params }: Route.LoaderArgs): Promise<GalleryItemState> {
  const state = galleryItemState(await loadGalleryData(undefined, params.lang), params.category, params.subcategory);
  if (state.status !== "found") return state;
  // The Product of the shown page, in its language (decision 0171): /de/gallery/men/tshirt, "de".
  const { locale, localize } = localeAt(`/${params.lang ?? ""}`);
  return { ...state, jsonLd: galleryProductJsonLd(state, { path: localize(state.path), inLanguage: locale.code }) };
}

// In the browser (other paths, and navigation between gallery pages): read the page's language's
// /data.json (/de/data.json: decision 0171).
export function clientLoader({ params }: Route.ClientLoaderArgs): Promise<GalleryItemState> {
  return loadGalleryItem(params.category, params.subcategory, fetch, params.lang);
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const galleryLabels = messagesIn(matches).gallery;
  if (loaderData?.status !== "found") return pageMeta({ ...pagesIn(matches).gallery, title: galleryLabels.notFoundTitle }, { location, matches });
  const title = loaderData.name;
  return pageMeta(
    {
      title,
      path: loaderData.path,
      description: galleryLabels.itemDescription.replace("{title}", title),
    },
    { location, matches },
  );
}

export default function GalleryItemPage({ loaderData }: Route.ComponentProps) {
  return <GalleryItemView state={loaderData} />;
}
