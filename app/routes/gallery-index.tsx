import type { ShouldRevalidateFunctionArgs } from "react-router";
import { PageShell } from "~/components/page-banner/page-shell";
import { pages } from "~/content/pages";
import { Catalogue } from "~/features/gallery/catalogue-page";
import { catalogueView } from "~/features/gallery/catalogue-view";
import { loadCatalogueData } from "~/features/gallery/gallery-data.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/gallery-index";

export const meta = () => pageMeta(pages.gallery);

// Build time only (the page is prerendered): every product with its facts and the filters' choices
// come from content/gallery/ as loader data (issue 47).
export async function loader() {
  const { data, words } = await loadCatalogueData();
  return { view: catalogueView(data, words) };
}

// The filters live in the address's query: a change of them is not a new page to load.
export const shouldRevalidate = ({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export default function GalleryIndexPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageShell page={pages.gallery}>
      <Catalogue view={loaderData.view} />
    </PageShell>
  );
}
