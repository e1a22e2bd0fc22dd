import { quoteResult } from "~/content/quote-result";
import { QuoteNotSentView } from "~/features/forms/quote/quote-result";
import { quotePaths } from "~/lib/contracts/quote";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/quote-not-sent";

export function meta({ params, location, matches }: Route.MetaArgs) {
  return pageMeta({ ...quoteResult.notSent, path: `${quotePaths.notSent}/${params.problem}`, noindex: true }, { location, matches });
}

export default function QuoteNotSentPage({ params }: Route.ComponentProps) {
  return <QuoteNotSentView problem={params.problem} />;
}
