import { PageShell } from "~/components/page-banner/page-shell";
import { pages } from "~/content/pages";
import { loadGalleryData } from "~/features/gallery/gallery-data.server";
import { GalleryIndexList } from "~/features/gallery/gallery-index-list";
import { galleryIndex } from "~/features/gallery/gallery-index-view";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/gallery-index";

export const meta = () => pageMeta(pages.gallery);

// Build time only (the page is prerendered): families, items and covers come from content/gallery/.
export async function loader() {
  return galleryIndex(await loadGalleryData());
}

export default function GalleryIndexPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageShell page={pages.gallery}>
      <GalleryIndexList families={loaderData} />
    </PageShell>
  );
}
