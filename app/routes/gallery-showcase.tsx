import { useLocation } from "react-router";
import { PageShell } from "~/components/page-banner/page-shell";
import { galleryShowcases } from "~/content/gallery-showcases";
import { pages } from "~/content/pages";
import { GalleryShowcaseView } from "~/features/gallery/gallery-showcase-cards";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/gallery-showcase";

// One module serves the three static showcase pages (routes.ts gives each its own id).
const showcaseIds = ["fashionAccessories", "homeTextile", "nonTextile"] as const;

function showcaseFor(pathname: string) {
  const clean = pathname.replace(/\/+$/, "");
  const id = showcaseIds.find((key) => pages[key].path === clean) ?? "fashionAccessories";
  return { page: pages[id], showcase: galleryShowcases[id] };
}

export function meta({ location }: Route.MetaArgs) {
  return pageMeta(showcaseFor(location.pathname).page);
}

export default function GalleryShowcasePage() {
  const { page, showcase } = showcaseFor(useLocation().pathname);
  return (
    <PageShell page={page}>
      <GalleryShowcaseView showcase={showcase} heading={page.heading} />
    </PageShell>
  );
}
