import { useCallback, useRef, useState } from "react";
import { Dialog } from "~/components/dialog/dialog";
import { GalleryPicture } from "./gallery-picture";
import type { GalleryImageItem } from "./gallery-item-view";
import { galleryImageHeightClass } from "./gallery-image-height";

export type GalleryGridProps = {
  images: GalleryImageItem[];
  /** Height of every image in the grid (SPEC §9: 450 px, 250 px on footwear pages). */
  imageHeightPx: number;
};

const gridSizes = "(min-width: 1280px) 405px, (min-width: 1024px) 31vw, (min-width: 768px) 46vw, 92vw";

/** 1, 2 then 3 columns; each image opens a full-size view in a modal dialog. */
export function GalleryGrid({ images, imageHeightPx }: GalleryGridProps) {
  const [selected, setSelected] = useState<number | null>(null);
  const openerRef = useRef<HTMLButtonElement | null>(null);
  const close = useCallback(() => setSelected(null), []);
  const current = selected === null ? undefined : images[selected];

  return (
    <>
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        {images.map((image, index) => (
          <li key={`${image.picture.src}-${index}`}>
            <figure className="overflow-hidden rounded-lg bg-white shadow ring-1 ring-ink-200">
              <button
                type="button"
                aria-haspopup="dialog"
                aria-label={`View larger: ${image.title}`}
                onClick={(event) => {
                  openerRef.current = event.currentTarget;
                  setSelected(index);
                }}
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
              <figcaption className="px-4 py-3 text-center font-semibold text-ink-800">{image.title}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <Dialog open={current !== undefined} onClose={close} title={current?.title ?? ""} returnFocusRef={openerRef}>
        {current && (
          <GalleryPicture
            picture={current.picture}
            alt={current.title}
            sizes="(min-width: 800px) 720px, 90vw"
            lazy={false}
            className="h-auto max-h-[80vh] w-auto max-w-[90vw] rounded"
          />
        )}
      </Dialog>
    </>
  );
}
