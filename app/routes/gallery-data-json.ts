import { loadGalleryData } from "~/features/gallery/gallery-data.server";

// GET /data.json: a static file, prerendered at build time from content/gallery/.
export async function loader() {
  return Response.json(await loadGalleryData());
}
