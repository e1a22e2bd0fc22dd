import { quoteResultIn } from "~/content/quote-result";
import { QuoteSentView } from "~/features/forms/quote/quote-result";
import { quotePaths } from "~/lib/contracts/quote";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/quote-sent";

// Build time only (the page is prerendered in every language; the server writes the reference in): its words in the page's language, as loader data (decision 0166).
export function loader({ params }: { params: { lang?: string } }) {
  return { sent: quoteResultIn(params.lang).sent };
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return pageMeta({ ...loaderData.sent, path: quotePaths.sent, noindex: true }, { location, matches });
}

export default function QuoteSentPage({ loaderData }: Route.ComponentProps) {
  return <QuoteSentView sent={loaderData.sent} />;
}
