import { lazy, type ReactNode, Suspense, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useParams,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "react-router";
import allMessages from "virtual:content/messages";
import type { Route } from "./+types/root";
import siteStylesheetHref from "./app.css?url";
import { ScrollToTop } from "~/components/layout/scroll-to-top";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { SiteMain } from "~/components/layout/site-main";
import { JsonLd } from "~/components/json-ld/json-ld";
import { OopsPage } from "~/components/oops-page/oops-page";
import { locales } from "~/content/locales";
import { organizationJsonLd, webPageJsonLd } from "~/lib/json-ld";
import { localeAt, useLocale } from "~/lib/locale";
import { type Messages, MessagesProvider } from "~/content/messages";
import { isCataloguePath, wordGroupsOf } from "~/content/page-word-groups";
import { documentTitle } from "~/lib/seo";
import { useHydrated } from "~/lib/use-hydrated";

export const links: Route.LinksFunction = () => [
  // Built pages carry the stylesheet inline (<InlineStylesheet />); the dev server links it.
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: siteStylesheetHref }] : []),
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

/**
 * Build time only (prerendered with every page): the interface's words in the page's language, from
 * its address, the fixed pages' titles, headings, breadcrumbs and descriptions among them (decision
 * 0160). They reach the browser as this page's data, so a page carries its own language's words and
 * no other, and none of them as JavaScript.
 */
export function loader({ request }: Route.LoaderArgs) {
  const { locale, path } = localeAt(new URL(request.url).pathname);
  const { catalogue, ...frame } = (allMessages as Record<string, Messages>)[locale.code]!;
  // Some pages' own words too (decision 0167), data for those pages only: the catalogue's and
  // certificates' to the gallery's pages and the compliance page. The job pages' words travel with
  // the jobs as the career routes' loader data (decision 0168).
  return { messages: (isCataloguePath(path) ? { ...frame, catalogue } : frame) as Messages };
}

/**
 * The words change only with the language, and some pages' own words come and go with those pages
 * (app/content/page-word-groups.ts): moving between pages of one language and one group fetches nothing.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) => {
  const [from, to] = [localeAt(currentUrl.pathname), localeAt(nextUrl.pathname)];
  return from.locale.code !== to.locale.code || wordGroupsOf(from.path) !== wordGroupsOf(to.path);
};

/** The performance mark set when the page has hydrated (read by scripts/bench/bench.mjs). */
const hydratedMark = "hydrated";

const gaMeasurementId = import.meta.env.VITE_GA_MEASUREMENT_ID;
// Without an id the analytics feature is never imported: no code, no request.
const Analytics = gaMeasurementId ? lazy(() => import("~/features/analytics/analytics")) : null;

/** Analytics and its consent banner, mounted after hydration (the choice lives in the browser). */
function AnalyticsAfterHydration() {
  const hydrated = useHydrated();
  if (!Analytics || !gaMeasurementId || !hydrated) return null;
  return (
    <Suspense fallback={null}>
      <Analytics measurementId={gaMeasurementId} />
    </Suspense>
  );
}

/**
 * Marks <html data-hydrated> once hydration (which starts after the page has painted, see
 * scripts/build/steps/defer-hydration.mjs) has switched every component to its enhanced render: the moment the
 * browser tests wait for, and a hint for anyone checking the page in devtools. The performance mark
 * "hydrated" records the same moment for `npm run bench` (its "interactive" row).
 */
function HydrationMarker() {
  const hydrated = useHydrated();
  useEffect(() => {
    if (!hydrated || document.documentElement.dataset.hydrated) return;
    document.documentElement.dataset.hydrated = "true";
    performance.mark(hydratedMark);
  }, [hydrated]);
  return null;
}

/**
 * The site's one stylesheet, inline in the built pages: the first paint then waits for the HTML alone,
 * not for a second request sharing a slow line with the scripts (scripts/build/steps/inline-stylesheets.mjs fills
 * it in after the prerender; its CSP hash is taken with the scripts'). React neither compares nor
 * replaces the inner HTML of an element it hydrates, so the empty client render leaves it in place.
 */
function InlineStylesheet() {
  if (import.meta.env.DEV) return null;
  return <style data-href={siteStylesheetHref} dangerouslySetInnerHTML={{ __html: "" }} />;
}

export function Layout({ children }: { children: ReactNode }) {
  // The language (and its writing direction) of the address shown: /de/… is German (decision 0160).
  const { locale } = useLocale();
  const { pathname } = useLocation();
  const messages = useRouteLoaderData<typeof loader>("root")?.messages ?? null;
  return (
    <html lang={locale.code} dir={locale.dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b3a7e" />
        <Meta />
        <InlineStylesheet />
        <Links />
        {/* The company and the page in its language (decision 0167): made at build time only, for the
            prerendered HTML crawlers read; the browser keeps them as they are and loads none of their code. */}
        <JsonLd data={import.meta.env.SSR ? organizationJsonLd() : null} />
        <JsonLd data={import.meta.env.SSR ? webPageJsonLd({ path: pathname, inLanguage: locale.code }) : null} />
      </head>
      <body className="bg-white font-sans text-ink-800 antialiased">
        <div id="top" tabIndex={-1} className="outline-none" />
        <a
          href="#main-content"
          className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:outline-3 focus:outline-accent-500"
        >
          {messages?.labels.skipToContent}
        </a>
        <MessagesProvider value={messages}>
          <SiteHeader />
          <SiteMain>{children}</SiteMain>
          <SiteFooter />
          <ScrollToTop />
          <AnalyticsAfterHydration />
        </MessagesProvider>
        <HydrationMarker />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * Every page's path starts with an optional language segment (app/routes.ts, decision 0160): /faq in
 * the default language, /de/faq in German. A first segment that is not one of the other languages
 * is not a page: the Oops page, as for any unknown address (the default language has no prefix, so
 * /en/faq too). The server answers such an address with 404.html before any script runs; this is
 * what the browser's router shows after the SPA fallback.
 */
export default function App() {
  const { lang } = useParams();
  if (lang !== undefined && !locales.some((l, i) => i > 0 && l.code === lang)) return <OopsPage />;
  return <Outlet />;
}

/** The not-found page's <title>, from the root's data (the words of the page's language). */
function NotFoundTitle() {
  const title = useRouteLoaderData<typeof loader>("root")?.messages.pages.notFound.title;
  return <title>{documentTitle(title ?? "Oops!")}</title>;
}

/**
 * Shown only by the SPA fallback (an unknown gallery item, served with 404 before the client router
 * takes over): "Loading…" until the scripts say what is there; without JavaScript nothing will
 * load, so the Oops page instead (a <noscript> is never hydrated).
 */
export function HydrateFallback() {
  const labels = useRouteLoaderData<typeof loader>("root")?.messages.labels;
  return (
    <>
      {/* Every page has a title (HTML, WCAG 2.4.2); this one is answered with 404. */}
      <NotFoundTitle />
      <p role="status" className="needs-script px-4 pb-24 pt-36 text-center text-ink-700">
        {labels?.loading}
      </p>
      <noscript>
        <OopsPage />
      </noscript>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <>
      <NotFoundTitle />
      <OopsPage />
    </>
  );
}
