import { AddToQuote } from "~/components/add-to-quote/add-to-quote";
import { JsonLd } from "~/components/json-ld/json-ld";
import { OopsPage } from "~/components/oops-page/oops-page";
import { PageBanner } from "~/components/page-banner/page-banner";
import { TextParts } from "~/components/text-parts/text-parts";
import { ClickToPlayVideo } from "~/components/video/click-to-play-video";
import { useMessages } from "~/content/messages";
import { usePages } from "~/content/pages";
import { galleryTrail } from "./gallery-family-view";
import { GalleryGrid } from "./gallery-grid";
import { type GalleryItemState, nameParts, notFoundMessage } from "./gallery-item-view";
import { galleryVideo } from "./gallery-video";
import { ProductSpecs } from "./product-specs";

export type GalleryItemViewProps = { state: GalleryItemState };

/**
 * One gallery item: banner with the breadcrumb Home / Product Gallery / {family} / {item}, optional
 * the "Add to quote request" control, its specifications, optional video, the image grid; its
 * Product JSON-LD (from the build-time loader). An unknown item is the Oops page carrying the fixed not-found message
 * (the server answers such paths with 404); data that could not be loaded shows no message.
 */
export function GalleryItemView({ state }: GalleryItemViewProps) {
  const gallery = usePages().gallery;
  const messages = useMessages();
  const words = messages.gallery;
  if (state.status === "not-found") return <OopsPage details={notFoundMessage(words.notFound, state.category, state.subcategory)} />;
  if (state.status === "error")
    return <PageBanner title={`${state.category} - ${state.subcategory}`} breadcrumb={gallery.breadcrumb} image={gallery.bannerImage} />;
  const item = { label: state.item, lang: state.lang };
  const heading = nameParts(state.family, item, " - ");
  return (
    <>
      <PageBanner
        // The family's and the product's names each in its own language (decision 0180): "Herren - Hoodie"
        // on a German page, the family's translated, the product's English where it is not.
        title={<TextParts parts={heading} />}
        breadcrumb={state.item}
        titleLang={state.lang}
        trail={galleryTrail(gallery, state.family)}
        image={gallery.bannerImage}
      />
      {state.jsonLd && <JsonLd data={state.jsonLd} />}
      <div className="mx-auto max-w-7xl space-y-10 px-4 py-12">
        <AddToQuote product={{ family: state.family.slug, item: state.slug }} name={nameParts(state.family, item)} variant="page" />
        {state.details && <ProductSpecs details={state.details} />}
        {state.video && <ClickToPlayVideo {...galleryVideo(state.video, heading, messages)} />}
        <GalleryGrid images={state.images} imageHeightPx={state.imageHeightPx} />
      </div>
    </>
  );
}
