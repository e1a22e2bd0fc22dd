import { data } from "react-router";
import { galleryLabels } from "~/content/gallery-labels";
import { loadGalleryData } from "~/features/gallery/gallery-data.server";
import { GalleryFamilyPage } from "~/features/gallery/gallery-family-page";
import { galleryFamilyView } from "~/features/gallery/gallery-family-view";
import { decodeSegment } from "~/features/gallery/gallery-item-view";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/gallery-family";

// Build time only: one route per family file (app/routes.ts), prerendered with its items baked in.
export async function loader({ request }: Route.LoaderArgs) {
  const slug = decodeSegment(new URL(request.url).pathname.split("/")[2] ?? "");
  const family = galleryFamilyView(await loadGalleryData(), slug);
  if (!family) throw data(null, { status: 404 });
  return family;
}

export function meta({ loaderData }: Route.MetaArgs) {
  const family = loaderData.label;
  return pageMeta({
    title: galleryLabels.familyTitle.replace("{family}", family),
    path: loaderData.path,
    description: galleryLabels.familyDescription.replace("{family}", family),
  });
}

export default function GalleryFamilyRoute({ loaderData }: Route.ComponentProps) {
  return <GalleryFamilyPage family={loaderData} />;
}
