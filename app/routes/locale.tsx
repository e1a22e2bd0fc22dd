import { data, Outlet, useParams } from "react-router";
import { locales } from "~/content/locales";

// Every page sits below this route's optional segment (app/routes.ts, decision 0160): /faq in the
// default language, /de/faq in German. A first segment that is not one of the other languages is
// not a page: a 404, which the root's error boundary shows as the Oops page, as for any unknown
// address (the default language has no prefix, so /en/faq too). Kept tiny: every page loads it.
export default function LocaleRoute() {
  const { lang } = useParams();
  if (lang !== undefined && !locales.some((l, i) => i > 0 && l.code === lang)) throw data(null, { status: 404 });
  return <Outlet />;
}
