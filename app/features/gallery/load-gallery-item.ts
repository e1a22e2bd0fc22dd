import type { GalleryData } from "./gallery-data";
import { type GalleryItemState, decodeSegment, galleryItemState } from "./gallery-item-view";

/** The gallery's data file: GET /data.json, a language's /<code>/data.json (decision 0171). */
export const galleryDataUrl = (code?: string) => (code ? `/${code}/data.json` : "/data.json");

/** Fetches the language's /data.json and finds the item; a failed fetch is only logged. */
export async function loadGalleryItem(category: string, subcategory: string, fetchImpl: typeof fetch = fetch, code?: string): Promise<GalleryItemState> {
  const galleryDataFile = galleryDataUrl(code);
  try {
    const response = await fetchImpl(galleryDataFile);
    if (!response.ok) throw new Error(`GET ${galleryDataFile}: ${response.status}`);
    const data = (await response.json()) as GalleryData;
    return galleryItemState(data, category, subcategory);
  } catch (error) {
    console.error("Gallery data could not be loaded", error);
    return { status: "error", category: decodeSegment(category), subcategory: decodeSegment(subcategory) };
  }
}
