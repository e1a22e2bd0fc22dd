import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { LogoEmblem } from "~/components/logo/logo";
import { site } from "~/content/site";
import { fixedTopBarScrollThresholdPx } from "~/lib/constants";
import { useHydrated, useOpenUntilNavigation } from "~/lib/use-hydrated";
import { useScrolledPast } from "~/lib/use-scrolled-past";
import { SiteNav } from "./site-nav";

const mobileMenuId = "mobile-menu";

/**
 * One header in three states: the transparent top bar over the home hero, the plain bar on other
 * pages, and the sticky bar (fixed, solid) that slides in after scrolling past the threshold.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const isHome = pathname === "/";
  const sticky = useScrolledPast(fixedTopBarScrollThresholdPx);
  const [menuOpen, setMenuOpen] = useOpenUntilNavigation(pathname);
  const transparent = isHome && !sticky && !menuOpen;
  const hydrated = useHydrated();

  // Before the script runs, "Menu" is a link that opens the list through :target; keep it open
  // if the visitor used it.
  useEffect(() => {
    if (window.location.hash === `#${mobileMenuId}`) setMenuOpen(true);
  }, [setMenuOpen]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setMenuOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen, setMenuOpen]);

  return (
    // The outer box keeps the bar's height in the flow, so turning sticky shifts nothing.
    <div className={isHome ? "absolute inset-x-0 top-0 z-40 h-20" : "relative z-40 h-20"}>
      <header
        data-state={sticky ? "sticky" : "top"}
        className={`inset-x-0 top-0 ${
          sticky
            ? "fixed animate-slide-down bg-white/95 shadow-md backdrop-blur"
            : transparent
              ? "absolute bg-transparent"
              : "absolute bg-white shadow-sm"
        }`}
      >
        <div className="mx-auto flex h-20 max-w-7xl items-center justify-between gap-4 px-4">
          <Link
            to="/"
            className="flex items-center gap-3 rounded focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500"
          >
            <LogoEmblem className="h-12 w-12 shrink-0" />
            <span className="flex flex-col leading-tight">
              <span className={`text-lg font-extrabold ${transparent ? "text-white" : "text-brand-800"}`}>
                {site.shortName}
                <span className="sr-only"> home</span>
              </span>
              <span className={`text-xs font-medium ${transparent ? "text-white" : "text-ink-700"}`}>{site.tagline}</span>
            </span>
          </Link>

          <nav aria-label="Main" className="hidden md:block">
            <SiteNav variant="bar" onDark={transparent} />
          </nav>

          {hydrated ? (
            <button
              type="button"
              className={menuToggleClass(transparent)}
              aria-expanded={menuOpen}
              aria-controls={mobileMenuId}
              onClick={() => setMenuOpen((o) => !o)}
            >
              <MenuIcon open={menuOpen} />
            </button>
          ) : (
            <a href={`#${mobileMenuId}`} className={menuToggleClass(transparent)}>
              <MenuIcon open={false} />
            </a>
          )}
        </div>

        <nav
          aria-label="Main (mobile)"
          id={mobileMenuId}
          hidden={hydrated ? !menuOpen : undefined}
          className={`${hydrated ? "" : "hidden target:block"} max-h-[calc(100vh-5rem)] overflow-y-auto border-t border-ink-200 bg-white px-4 shadow-md md:hidden`}
        >
          <SiteNav variant="stacked" />
        </nav>
      </header>
    </div>
  );
}

function menuToggleClass(onDark: boolean) {
  return `rounded p-2 md:hidden focus-visible:outline-3 focus-visible:outline-accent-500 ${onDark ? "text-white" : "text-ink-800"}`;
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <>
      <span className="sr-only">Menu</span>
      <svg viewBox="0 0 24 24" className="h-7 w-7" aria-hidden="true">
        {open ? (
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        ) : (
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        )}
      </svg>
    </>
  );
}
