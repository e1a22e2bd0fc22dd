import { useLocation } from "react-router";
import { PageShell } from "~/components/page-banner/page-shell";
import { galleryShowcases } from "~/content/gallery-showcases";
import { pagePaths } from "~/content/page-paths";
import { usePages } from "~/content/pages";
import { GalleryShowcaseView } from "~/features/gallery/gallery-showcase-cards";
import { showcasePictures } from "~/features/gallery/gallery-showcase.server";
import { localeAt } from "~/lib/locale";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/gallery-showcase";

// One module serves the three static showcase pages (routes.ts gives each its own id).
const showcaseIds = ["fashionAccessories", "homeTextile", "nonTextile"] as const;

function showcaseFor(pathname: string) {
  const clean = localeAt(pathname).path.replace(/\/+$/, "");
  const id = showcaseIds.find((key) => pagePaths[key] === clean) ?? "fashionAccessories";
  return { id, showcase: galleryShowcases[id] };
}

// Build time only (prerendered): the cards' responsive pictures from the photo pipeline.
export async function loader({ request }: Route.LoaderArgs) {
  const { id, showcase } = showcaseFor(new URL(request.url).pathname);
  return showcasePictures(showcase, { file: galleryShowcases.file, page: id });
}

export function meta({ location, matches }: Route.MetaArgs) {
  return pageMeta(showcaseFor(location.pathname).id, { location, matches });
}

export default function GalleryShowcasePage({ loaderData }: Route.ComponentProps) {
  const { id, showcase } = showcaseFor(useLocation().pathname);
  const page = usePages()[id];
  return (
    <PageShell page={id}>
      <GalleryShowcaseView showcase={showcase} pictures={loaderData} heading={page.heading} />
    </PageShell>
  );
}
