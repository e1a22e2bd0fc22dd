import type { OwnLanguageHandle } from "~/components/layout/site-main";
import { PageShell } from "~/components/page-banner/page-shell";
import { galleryShowcasesIn } from "~/content/gallery-showcases";
import { pagePaths } from "~/content/page-paths";
import { usePages } from "~/content/pages";
import { GalleryShowcaseView } from "~/features/gallery/gallery-showcase-cards";
import { showcasePictures } from "~/features/gallery/gallery-showcase.server";
import { localeAt } from "~/lib/locale";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/gallery-showcase";

// One module serves the three static showcase pages (routes.ts gives each its own id).
const showcaseIds = ["fashionAccessories", "homeTextile", "nonTextile"] as const;

const showcaseIdAt = (pathname: string) => {
  const clean = localeAt(pathname).path.replace(/\/+$/, "");
  return showcaseIds.find((key) => pagePaths[key] === clean) ?? "fashionAccessories";
};

// Every block says its language (decision 0174): the banner its page words', each card's title its
// own (a translated one the page's, an untranslated one English), the video's words the page's.
export const handle: OwnLanguageHandle = { blocksSayTheirLanguage: true };

// Build time only (prerendered): the page's cards in its language (decision 0174) as loader data,
// not JavaScript, with their responsive pictures from the photo pipeline.
export async function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const id = showcaseIdAt(pathname);
  const showcases = galleryShowcasesIn(localeAt(pathname).locale.code);
  const showcase = showcases[id];
  return { id, showcase, pictures: await showcasePictures(showcase, { file: showcases.file, page: id }) };
}

export function meta({ location, matches }: Route.MetaArgs) {
  return pageMeta(showcaseIdAt(location.pathname), { location, matches });
}

export default function GalleryShowcasePage({ loaderData }: Route.ComponentProps) {
  const { id, showcase, pictures } = loaderData;
  const page = usePages()[id];
  return (
    <PageShell page={id}>
      <GalleryShowcaseView showcase={showcase} pictures={pictures} heading={[{ text: page.heading, lang: page.lang ?? undefined }]} />
    </PageShell>
  );
}
