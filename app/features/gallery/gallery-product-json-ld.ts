import { site } from "~/content/site";
import { certificationJsonLd } from "~/lib/certification-json-ld";
import type { JsonLd } from "~/lib/json-ld";
import { absoluteUrl } from "~/lib/site-url";
import type { GalleryItemState } from "./gallery-item-view";

/**
 * schema.org Product of a gallery item page: its name, its photos, the company as brand, its
 * description, material and the certificates that apply (schema.org Certification). The
 * gallery shows samples made to order, so there is no price, offer or rating to state, and none is
 * invented.
 */
export function galleryProductJsonLd(item: Extract<GalleryItemState, { status: "found" }>): JsonLd {
  const details = item.details;
  const material = details ? [...details.compositions, details.material].filter(Boolean).join(", ") : "";
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: item.name,
    url: absoluteUrl(item.path),
    image: item.images.map((image) => absoluteUrl(image.picture.src)),
    brand: { "@type": "Brand", name: site.name },
    category: item.family.label,
    ...(details?.description ? { description: details.description } : {}),
    ...(material ? { material } : {}),
    ...(details?.certificates.length ? { hasCertification: details.certificates.map(certificationJsonLd) } : {}),
  };
}
