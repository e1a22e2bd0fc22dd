import { useLocation } from "react-router";
import { PageShell } from "~/components/page-banner/page-shell";
import { galleryShowcases } from "~/content/gallery-showcases";
import { pages } from "~/content/pages";
import { GalleryShowcaseView } from "~/features/gallery/gallery-showcase-cards";
import { showcasePictures } from "~/features/gallery/gallery-showcase.server";
import { localeAt } from "~/lib/locale";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/gallery-showcase";

// One module serves the three static showcase pages (routes.ts gives each its own id).
const showcaseIds = ["fashionAccessories", "homeTextile", "nonTextile"] as const;

function showcaseFor(pathname: string) {
  const clean = localeAt(pathname).path.replace(/\/+$/, "");
  const id = showcaseIds.find((key) => pages[key].path === clean) ?? "fashionAccessories";
  return { id, page: pages[id], showcase: galleryShowcases[id] };
}

// Build time only (prerendered): the cards' responsive pictures from the photo pipeline.
export async function loader({ request }: Route.LoaderArgs) {
  const { id, showcase } = showcaseFor(new URL(request.url).pathname);
  return showcasePictures(showcase, { file: galleryShowcases.file, page: id });
}

export function meta({ location }: Route.MetaArgs) {
  return pageMeta(showcaseFor(location.pathname).page, location);
}

export default function GalleryShowcasePage({ loaderData }: Route.ComponentProps) {
  const { page, showcase } = showcaseFor(useLocation().pathname);
  return (
    <PageShell page={page}>
      <GalleryShowcaseView showcase={showcase} pictures={loaderData} heading={page.heading} />
    </PageShell>
  );
}
