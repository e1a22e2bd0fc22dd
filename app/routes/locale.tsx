import { Outlet, useParams } from "react-router";
import { OopsPage } from "~/components/oops-page/oops-page";
import { locales } from "~/content/locales";

// Every page sits below this route's optional segment (app/routes.ts, decision 0160): /faq in the
// default language, /de/faq in German. A first segment that is not one of the other languages is
// not a page: the Oops page, as for any unknown address (the default language has no prefix, so
// /en/faq too). The server answers such an address with 404.html before any script runs; this is
// what the browser's router shows after the SPA fallback. Kept tiny: every page loads it (the Oops
// page is in the root's chunk already).
export default function LocaleRoute() {
  const { lang } = useParams();
  if (lang !== undefined && !locales.some((l, i) => i > 0 && l.code === lang)) return <OopsPage />;
  return <Outlet />;
}
