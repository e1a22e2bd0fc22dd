import { PageBanner } from "~/components/page-banner/page-banner";
import { pages } from "~/content/pages";
import { GalleryGrid } from "./gallery-grid";
import { type GalleryItemState, notFoundMessage } from "./gallery-item-view";
import { GalleryVideo } from "./gallery-video";

export type GalleryItemViewProps = { state: GalleryItemState };

/** One gallery item: heading, optional video, the image grid; or the not-found message. */
export function GalleryItemView({ state }: GalleryItemViewProps) {
  if (state.status !== "found") {
    const heading = `${state.category} - ${state.subcategory}`;
    return (
      <>
        <PageBanner title={heading} breadcrumb={pages.gallery.breadcrumb} image={pages.gallery.bannerImage} />
        <div className="mx-auto max-w-7xl px-4 py-16">
          {state.status === "not-found" && (
            <p role="status" className="text-center text-lg text-ink-800">
              {notFoundMessage(state.category, state.subcategory)}
            </p>
          )}
        </div>
      </>
    );
  }
  return (
    <>
      <PageBanner title={state.heading} image={pages.gallery.bannerImage} />
      <div className="mx-auto max-w-7xl space-y-10 px-4 py-12">
        {state.video && <GalleryVideo src={state.video} heading={state.heading} />}
        <GalleryGrid images={state.images} imageHeightPx={state.imageHeightPx} />
      </div>
    </>
  );
}
