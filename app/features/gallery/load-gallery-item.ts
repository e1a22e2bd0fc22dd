import type { GalleryData } from "./gallery-data";
import { type GalleryItemState, decodeSegment, galleryItemState } from "./gallery-item-view";

/** The gallery's data file: GET /data.json. */
export const galleryDataUrl = "/data.json";

/** Fetches /data.json and finds the item; a failed fetch is only logged. */
export async function loadGalleryItem(category: string, subcategory: string, fetchImpl: typeof fetch = fetch): Promise<GalleryItemState> {
  try {
    const response = await fetchImpl(galleryDataUrl);
    if (!response.ok) throw new Error(`GET ${galleryDataUrl}: ${response.status}`);
    const data = (await response.json()) as GalleryData;
    return galleryItemState(data, category, subcategory);
  } catch (error) {
    console.error("Gallery data could not be loaded", error);
    return { status: "error", category: decodeSegment(category), subcategory: decodeSegment(subcategory) };
  }
}
