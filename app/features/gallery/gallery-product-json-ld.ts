import { site } from "~/content/site";
import { certificationJsonLd } from "~/lib/certification-json-ld";
import type { JsonLd, PageOfJsonLd } from "~/lib/json-ld";
import { absoluteUrl } from "~/lib/site-url";
import type { GalleryItemState } from "./gallery-item-view";

/**
 * schema.org Product of a gallery item page: its name, its photos, the company as brand, its
 * description, material and the certificates that apply (schema.org Certification). The
 * gallery shows samples made to order, so there is no price, offer or rating to state, and none is
 * invented. In the page's language (decision 0171): `item` holds that language's words, `page` the
 * shown address (/de/gallery/men/tshirt) and its language. schema.org gives a Product no
 * `inLanguage`: its page says it, the WebPage the Product is the main entity of (`mainEntityOfPage`,
 * the same `@id` as every page's WebPage node, decision 0167).
 */
export function galleryProductJsonLd(item: Extract<GalleryItemState, { status: "found" }>, page: PageOfJsonLd): JsonLd {
  const details = item.details;
  const material = details ? [...details.compositions, details.material].filter(Boolean).join(", ") : "";
  const url = absoluteUrl(page.path);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: item.name,
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url, url, inLanguage: page.inLanguage },
    image: item.images.map((image) => absoluteUrl(image.picture.src)),
    brand: { "@type": "Brand", name: site.name },
    category: item.family.label,
    ...(details?.description ? { description: details.description } : {}),
    ...(material ? { material } : {}),
    ...(details?.certificates.length ? { hasCertification: details.certificates.map(certificationJsonLd) } : {}),
  };
}
