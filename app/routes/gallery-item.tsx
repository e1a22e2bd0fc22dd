import { PageBanner } from "~/components/page-banner/page-banner";
import { galleryCatalog, galleryItemPath } from "~/content/gallery-catalog";
import { pages } from "~/content/pages";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/gallery-item";

function findItem(category = "", subcategory = "") {
  const family = galleryCatalog.find((f) => f.slug === category.toLowerCase());
  const item = family?.items.find((i) => i.slug === decodeURIComponent(subcategory).toLowerCase());
  return family && item ? { family, item } : undefined;
}

export const meta = ({ params }: Route.MetaArgs) => {
  const found = findItem(params.category, params.subcategory);
  if (!found) return pageMeta({ ...pages.gallery, title: `${params.category} - ${params.subcategory}` });
  const title = `${found.family.label} ${found.item.label}`;
  return pageMeta({
    title,
    path: galleryItemPath(found.family.slug, found.item.slug),
    description: `${title} we source and manufacture for export: see samples from our product gallery and ask us for a quotation.`,
  });
};

export default function GalleryItemPage({ params }: Route.ComponentProps) {
  const found = findItem(params.category, params.subcategory);
  const title = found ? `${found.family.label} - ${found.item.label}` : `${params.category} - ${params.subcategory}`;
  return <PageBanner title={title} image={pages.gallery.bannerImage} />;
}
