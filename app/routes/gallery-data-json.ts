import { loadGalleryData } from "~/features/gallery/gallery-data.server";
import { localeAt } from "~/lib/locale";

// GET /data.json: a static file, prerendered at build time from content/gallery/; /de/data.json the
// same in German (decision 0171), so a page reads only its own language's words.
export async function loader({ request }: { request: Request }) {
  return Response.json(await loadGalleryData(undefined, localeAt(new URL(request.url).pathname).locale.code));
}
