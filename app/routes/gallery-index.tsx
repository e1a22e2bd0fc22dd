import { PageShell } from "~/components/page-banner/page-shell";
import { pages } from "~/content/pages";
import { readGalleryData } from "~/features/gallery/gallery-data.server";
import { GalleryIndexList } from "~/features/gallery/gallery-index-list";
import { galleryIndex } from "~/features/gallery/gallery-index-view";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/gallery-index";

export const meta = () => pageMeta(pages.gallery);

// Build time only (the page is prerendered): covers come from public/data.json.
export function loader() {
  return galleryIndex(readGalleryData());
}

export default function GalleryIndexPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageShell page={pages.gallery}>
      <GalleryIndexList families={loaderData} />
    </PageShell>
  );
}
