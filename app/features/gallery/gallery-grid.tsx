import { Dialog, dialogOpenerProps } from "~/components/dialog/dialog";
import { GalleryPicture } from "./gallery-picture";
import { type GalleryImageItem, untitledProduct } from "./gallery-item-view";
import { type GalleryImageHeight, galleryImageHeightClass } from "./gallery-image-height";
import { useMessages } from "~/content/messages";

export type GalleryGridProps = {
  images: GalleryImageItem[];
  /** Height of every image in the grid (450 px, 250 px on footwear pages). */
  imageHeightPx: GalleryImageHeight;
};

const gridSizes = "(min-width: 1280px) 405px, (min-width: 1024px) 31vw, (min-width: 768px) 46vw, 92vw";

const dialogId = (index: number) => `gallery-view-${index + 1}`;

/**
 * 1, 2 then 3 columns. Each picture is a "View larger" button that opens its own prerendered
 * <dialog> by invoker commands, with or without JavaScript; the caption's title is a plain link
 * to the picture file, for browsers that have neither invoker commands nor JavaScript. The words
 * are the page's language's; a photo without a title is named in them too (`gallery.untitledProduct`),
 * the product names are content (decision 0160), marked with their `lang` where it is not the page's.
 * The page's own words need no `lang`: an item page's `<main>` has none (decision 0171).
 */
export function GalleryGrid({ images: shown, imageHeightPx }: GalleryGridProps) {
  const words = useMessages().gallery;
  const images = shown.map((image) => (image.title === untitledProduct ? { picture: image.picture, title: words.untitledProduct } : image));
  return (
    <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
      {images.map((image, index) => (
        <li key={`${image.picture.src}-${index}`}>
          <figure className="overflow-hidden rounded-lg bg-white shadow ring-1 ring-ink-200">
            <button
              {...dialogOpenerProps(dialogId(index))}
              aria-label={words.viewLarger.replace("{title}", image.title)}
              className="block w-full cursor-zoom-in focus-visible:outline-3 focus-visible:-outline-offset-4 focus-visible:outline-accent-500"
            >
              <GalleryPicture
                picture={image.picture}
                alt={image.title}
                sizes={gridSizes}
                lazy={index > 0}
                className={`w-full object-cover ${galleryImageHeightClass(imageHeightPx)}`}
              />
            </button>
            <figcaption className="px-4 py-3 text-center font-semibold text-ink-800">
              <a
                href={image.picture.src}
                className="rounded hover:text-brand-700 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500"
              >
                <span lang={image.lang}>{image.title}</span>
                <span className="sr-only"> {words.fullSize}</span>
              </a>
            </figcaption>
          </figure>
          <Dialog id={dialogId(index)} title={image.title} titleLang={image.lang}>
            {/* Lazy: a closed dialog is not rendered, so the large file loads only when opened. */}
            <GalleryPicture
              picture={image.picture}
              alt={image.title}
              sizes="(min-width: 800px) 720px, 90vw"
              className="h-auto max-h-[80vh] w-auto max-w-[90vw] rounded"
            />
          </Dialog>
        </li>
      ))}
    </ul>
  );
}
