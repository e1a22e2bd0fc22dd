import { useEffect, useRef, useState } from "react";
import { useLabels } from "~/content/labels";
import { useTranslatedLang } from "~/content/messages";
import { useHydrated } from "~/lib/use-hydrated";

export type MapFacadeProps = {
  /** The iframe's title (its accessible name). */
  title: string;
  embedUrl: string;
  /** The same place on the map service's own site: works without JavaScript. */
  linkUrl: string;
  linkLabel: string;
  /** A local image; nothing is fetched from the map service until the visitor asks. */
  previewImage: string;
  previewAlt: string;
  showLabel: string;
  note: string;
  /** The language of these words where it is not the page's (decision 0167: the English words on another language's page). */
  lang?: string;
  width?: number;
  height?: number;
};

/**
 * Click-to-load map: a static local preview and a button; only the click inserts the map
 * service's iframe (no third-party request, cookie or script before that).
 */
export function MapFacade({ title, embedUrl, linkUrl, linkLabel, previewImage, previewAlt, showLabel, note, lang, width = 800, height = 450 }: MapFacadeProps) {
  const { opensInNewTab } = useLabels();
  const translatedLang = useTranslatedLang();
  const [shown, setShown] = useState(false);
  // The button appears once it can load the map (after hydration); until then, and without
  // JavaScript, the caption's link to the map service is the way to the map.
  const hydrated = useHydrated();
  const frame = useRef<HTMLIFrameElement>(null);

  // The button disappears with the click: keep keyboard focus on what replaced it.
  useEffect(() => {
    if (shown) frame.current?.focus();
  }, [shown]);

  return (
    <figure lang={lang} className="overflow-hidden rounded-lg border border-ink-200 bg-ink-100">
      <div className="relative aspect-video">
        {shown ? (
          <iframe
            ref={frame}
            src={embedUrl}
            title={title}
            width={width}
            height={height}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            allowFullScreen
            className="absolute inset-0 h-full w-full border-0"
          />
        ) : (
          <>
            <img
              src={previewImage}
              alt={previewAlt}
              width={width}
              height={height}
              loading="lazy"
              decoding="async"
              className="absolute inset-0 h-full w-full object-cover"
            />
            {hydrated && (
              <div className="absolute inset-0 flex items-center justify-center">
                <button
                  type="button"
                  onClick={() => setShown(true)}
                  className="min-h-11 rounded-md bg-brand-700 px-5 py-2 font-semibold text-white shadow-lg hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500"
                >
                  {showLabel}
                </button>
              </div>
            )}
          </>
        )}
      </div>
      <figcaption className="flex flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm text-ink-800">
        <span>{note}</span>
        <a
          href={linkUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-3 focus-visible:outline-brand-500"
        >
          {linkLabel}
          <span lang={translatedLang} className="sr-only">{` ${opensInNewTab}`}</span>
        </a>
      </figcaption>
    </figure>
  );
}
