import { useLocation } from "react-router";
import { PageShell } from "~/components/page-banner/page-shell";
import { pages } from "~/content/pages";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/gallery-showcase";

// One module serves the three static showcase pages (routes.ts gives each its own id).
const showcases = [pages.fashionAccessories, pages.homeTextile, pages.nonTextile];

function showcaseFor(pathname: string) {
  const clean = pathname.replace(/\/+$/, "");
  return showcases.find((p) => p.path === clean) ?? pages.fashionAccessories;
}

export function meta({ location }: Route.MetaArgs) {
  return pageMeta(showcaseFor(location.pathname));
}

export default function GalleryShowcasePage() {
  return <PageShell page={showcaseFor(useLocation().pathname)} />;
}
