import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useMessages, useTranslatedLang } from "~/content/messages";

export type ClickToPlayVideoProps = {
  /** Text alternative of the footage, the player's name; the play control reads the page's `video.play`
   * around it, e.g. "Play video: {label}". A label that names something in another language (a product
   * video's heading, decision 0183) is a function rendering it in a template of the page's words (`{label}`
   * its place), each name in its `lang`: the parts' code stays the gallery's, and a gallery page without a
   * video loads none of this component (decision 0190). */
  label: string | ((template: string) => ReactNode);
  sources: readonly { src: string; type: string }[];
  poster?: string;
  width: number;
  height: number;
  /** Silent footage starts muted (the visitor can unmute from the controls). */
  muted?: boolean;
  className?: string;
};

const frame = "aspect-video h-auto w-full rounded-lg bg-brand-900";

/**
 * A video that exists only once the visitor asks for it. Until then the page shows its poster and a
 * play control: a native <video controls> costs the browser a heavy piece of style, layout and
 * painting for its control bar on every load, whether or not anyone plays it.
 *
 * The play control is a link to the file: before hydration (and without JavaScript) the browser
 * plays the file by itself; once hydrated, the same link puts the player in its place, playing, with
 * the focus on it. One element throughout, so hydration never takes it from under the visitor.
 */
export function ClickToPlayVideo({ label, sources, poster, width, height, muted = false, className = "" }: ClickToPlayVideoProps) {
  const [playing, setPlaying] = useState(false);
  const player = useRef<HTMLVideoElement>(null);
  const words = useMessages();
  const { labels } = words;
  const lang = useTranslatedLang();
  const nameId = useId();
  // The label in a template of the page's words ("{label}" alone: the label itself).
  const say = (template: string) => (typeof label === "string" ? template.replace("{label}", label) : label(template));

  useEffect(() => {
    if (playing) player.current?.focus();
  }, [playing]);

  if (playing) {
    return (
      <>
        {/* The player's name, `hidden`: read as its name only, not again as text beside it; before it, so the
            player stays its box's last child (`space-y-*`). A string label is in the words around it, as the
            aria-label was; a rendered one in the page's words' (`video.play`'s), a name in its own `lang`. */}
        <span id={nameId} hidden lang={typeof label === "string" ? undefined : lang}>
          {say("{label}")}
        </span>
        {/* Silent footage: there is no speech or sound to caption; its name says what it shows. */}
        {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
        <video
          ref={player}
          // Named by an element, not an aria-label (one string, one language): a name inside it keeps its
          // `lang` (decision 0190).
          aria-labelledby={nameId}
          poster={poster}
          width={width}
          height={height}
          muted={muted}
          playsInline
          controls
          autoPlay
          className={`${frame} object-cover ${className}`}
        >
          {sources.map((s) => (
            <source key={s.src} src={s.src} type={s.type} />
          ))}
          {labels.videoFallback}
        </video>
      </>
    );
  }

  const face = (
    <>
      {poster && <img src={poster} alt="" width={width} height={height} decoding="async" className="absolute inset-0 h-full w-full object-cover" />}
      <span className="sr-only" lang={lang}>
        {say(words.video.play)}
      </span>
      <svg
        viewBox="0 0 64 64"
        className="relative h-16 w-16 drop-shadow-lg transition-transform group-hover:scale-110 motion-reduce:transition-none"
        aria-hidden="true"
      >
        <circle cx="32" cy="32" r="30" fill="white" fillOpacity=".92" />
        <path d="M26 20l20 12-20 12z" fill="#082a5c" />
      </svg>
    </>
  );
  const faceClass = `group relative flex items-center justify-center overflow-hidden ${frame} focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500 ${className}`;
  const file = sources.find((s) => s.type === "video/mp4") ?? sources[0];

  return (
    <a
      href={file?.src}
      onClick={(event) => {
        event.preventDefault();
        setPlaying(true);
      }}
      className={faceClass}
    >
      {face}
    </a>
  );
}
