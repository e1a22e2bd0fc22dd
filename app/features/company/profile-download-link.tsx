import type { About } from "~/content/about";

export type ProfileDownloadLinkProps = { profile: About["profile"] };

/** A real link (works without JavaScript) that downloads the build-time company profile PDF. */
export function ProfileDownloadLink({ profile }: ProfileDownloadLinkProps) {
  return (
    <a
      href={profile.href}
      download={profile.fileName}
      type="application/pdf"
      className="inline-flex items-center gap-2 rounded-md bg-brand-700 px-5 py-3 font-semibold text-white shadow hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current stroke-2">
        <path d="M12 3v12m0 0-5-5m5 5 5-5M4 19h16" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {profile.label}
    </a>
  );
}
