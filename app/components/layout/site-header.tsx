import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { LogoEmblem } from "~/components/logo/logo";
import { site } from "~/content/site";
import { fixedTopBarScrollThresholdPx } from "~/lib/contracts/constants";
import { useScrolledPast } from "~/lib/use-scrolled-past";
import { localeAt } from "~/lib/locale";
import { LanguageSwitcher } from "./language-switcher";
import { SiteNav } from "./site-nav";
import { useCloseOnRouteChange } from "./use-close-on-route-change";
import { shownPathAttribute, useShownPathname } from "./use-shown-pathname";
import { useMessages } from "~/content/messages";
import { useSiteWords } from "~/content/pages";
import { useHasQuoteList } from "~/lib/quote-list/quote-list-signal";
import { RequestQuoteLink } from "~/components/quote-request-count/request-quote-link";

// "Request a quote" is in every page's HTML; its number of products shows only when the browser
// holds a list, and that code (the count and the list's store) loads then, outside every page's
// first load (the JavaScript budget).
const QuoteRequestCount = lazy(() => import("~/components/quote-request-count/quote-request-count").then((m) => ({ default: m.QuoteRequestCount })));

/** Its own component, so that only it renders again when a list appears, never the header. */
function RequestQuote() {
  const plain = <RequestQuoteLink />;
  if (!useHasQuoteList()) return plain;
  return (
    <Suspense fallback={plain}>
      <QuoteRequestCount />
    </Suspense>
  );
}

const mobileMenuId = "mobile-menu";

/**
 * One header in three states: the transparent top bar over the home hero, the plain bar on other
 * pages, and the sticky bar (fixed, solid) that slides in after scrolling past the threshold.
 */
export function SiteHeader() {
  const words = useMessages().header;
  // The company's tagline is content not yet translated (decision 0160).
  const siteWords = useSiteWords();
  const pathname = useShownPathname();
  // The page's language (decision 0160): its links stay in it; the home page is / or /de/.
  const { path, localize } = localeAt(pathname);
  const isHome = path === "/";
  const sticky = useScrolledPast(fixedTopBarScrollThresholdPx);
  // The mobile menu is a native <details>: its toggle works before and without JavaScript and
  // hydration keeps it as the visitor left it. React only mirrors its state (for the header colours)
  // and adds Escape and closing after navigation.
  const menu = useRef<HTMLDetailsElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const transparent = isHome && !sticky && !menuOpen;
  useCloseOnRouteChange(menu);

  useEffect(() => {
    if (menu.current?.open) setMenuOpen(true); // opened before hydration
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      const details = menu.current;
      if (e.key !== "Escape" || !details) return;
      const focusInside = details.contains(document.activeElement);
      details.removeAttribute("open");
      if (focusInside) details.querySelector("summary")?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  return (
    // The outer box keeps the bar's height in the flow, so turning sticky shifts nothing.
    <div {...{ [shownPathAttribute]: pathname }} className={isHome ? "absolute inset-x-0 top-0 z-40 h-20" : "relative z-40 h-20"}>
      <header
        data-state={sticky ? "sticky" : "top"}
        className={`inset-x-0 top-0 ${
          sticky ? "fixed animate-slide-down bg-white/95 shadow-md backdrop-blur" : transparent ? "absolute bg-transparent" : "absolute bg-white shadow-sm"
        }`}
      >
        <div className="mx-auto flex h-20 max-w-7xl items-center justify-between gap-3 px-4 xl:gap-4">
          <Link
            to={localize("/")}
            className="flex items-center gap-3 rounded focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500"
          >
            <LogoEmblem className="h-12 w-12 shrink-0" />
            <span className="flex flex-col leading-tight">
              <span className={`text-lg font-extrabold ${transparent ? "text-white" : "text-brand-800"}`}>
                {site.shortName}
                <span className="sr-only"> {words.logoSuffix}</span>
              </span>
              {/* A language's longer words may break where the bar runs out (a 320 px phone), never widen the page. */}
              <span
                lang={siteWords.lang ?? undefined}
                className={`text-xs font-medium [overflow-wrap:anywhere] ${transparent ? "text-white" : "text-ink-700"}`}
              >
                {siteWords.tagline}
              </span>
            </span>
          </Link>

          <nav aria-label={words.mainMenu} className="hidden md:block">
            <SiteNav variant="bar" onDark={transparent} />
          </nav>

          <div className={`flex items-center gap-1 xl:gap-2 ${transparent ? "text-white" : "text-ink-800"}`}>
            <div className="hidden md:block">
              <LanguageSwitcher variant="bar" />
            </div>
            <RequestQuote />
            <details ref={menu} suppressHydrationWarning onToggle={(e) => setMenuOpen(e.currentTarget.open)} className="group/menu md:hidden">
              <summary
                className={`block cursor-pointer list-none rounded p-2 focus-visible:outline-3 focus-visible:outline-accent-500 [&::-webkit-details-marker]:hidden ${
                  transparent ? "text-white" : "text-ink-800"
                }`}
              >
                <MenuIcon label={words.menuButton} />
              </summary>
              <nav
                aria-label={words.mobileMenu}
                id={mobileMenuId}
                className="absolute inset-x-0 top-full max-h-[calc(100vh-5rem)] overflow-y-auto border-t border-ink-200 bg-white px-4 shadow-md"
              >
                <SiteNav variant="stacked" />
                <LanguageSwitcher variant="stacked" />
              </nav>
            </details>
          </div>
        </div>
      </header>
    </div>
  );
}

/** Three bars when closed, a cross when open (CSS on the <details>' [open]). */
function MenuIcon({ label }: { label: string }) {
  return (
    <>
      <span className="sr-only">{label}</span>
      <svg viewBox="0 0 24 24" className="h-7 w-7" aria-hidden="true">
        <path className="group-open/menu:hidden" d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        <path className="hidden group-open/menu:inline" d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </>
  );
}
