import { site } from "~/content/site";

export type LogoEmblemProps = { className?: string };

/** The circular 'SSL' emblem, drawn as SVG so it stays sharp and costs no request. */
export function LogoEmblem({ className }: LogoEmblemProps) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="30" fill="#0b3a7e" />
      <circle cx="32" cy="32" r="25" fill="none" stroke="#f5b82e" strokeWidth="2.5" />
      <text x="32" y="38.5" textAnchor="middle" fontFamily="Arial, Helvetica, sans-serif" fontSize="18" fontWeight="700" letterSpacing="1" fill="#ffffff">
        {site.shortName}
      </text>
    </svg>
  );
}
