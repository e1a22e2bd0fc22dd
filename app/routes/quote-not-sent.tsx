import { quoteResultIn } from "~/content/quote-result";
import { problemText } from "~/features/forms/form-result";
import { QuoteNotSentView } from "~/features/forms/quote/quote-result";
import { quotePaths, quoteProblems } from "~/lib/contracts/quote";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/quote-not-sent";

// Build time only (the page is prerendered per problem in every language): its words in the page's language, as loader data (decision 0166).
// The page's own problem only: its text, not every problem's.
export function loader({ params }: { params: { lang?: string; problem?: string } }) {
  const { notSent, problems } = quoteResultIn(params.lang);
  return { notSent, problem: problemText(quoteProblems, problems, params.problem) };
}

export function meta({ loaderData, params, location, matches }: Route.MetaArgs) {
  return pageMeta({ ...loaderData.notSent, path: `${quotePaths.notSent}/${params.problem}`, noindex: true }, { location, matches });
}

export default function QuoteNotSentPage({ loaderData }: Route.ComponentProps) {
  return <QuoteNotSentView notSent={loaderData.notSent} problem={loaderData.problem} />;
}
