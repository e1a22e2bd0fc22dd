import type { Video } from "~/content/services.schema";

export type LocalVideoProps = { video: Video; className?: string };

/**
 * A local video with its poster: muted, inline on phones, with controls and the SPEC fallback text.
 * preload="none" so the file downloads only when the visitor presses play.
 */
export function LocalVideo({ video, className = "" }: LocalVideoProps) {
  return (
    <video
      aria-label={video.label}
      poster={video.poster}
      width={video.width}
      height={video.height}
      muted
      playsInline
      controls
      preload="none"
      className={`aspect-video h-auto w-full rounded-lg bg-brand-900 object-cover ${className}`}
    >
      {video.sources.map((s) => (
        <source key={s.src} src={s.src} type={s.type} />
      ))}
      Your browser does not support the video tag.
    </video>
  );
}
