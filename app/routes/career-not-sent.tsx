import { formResultsIn } from "~/content/form-results";
import { FormNotSentView, problemText } from "~/features/forms/form-result";
import { formProblems, formResultPaths } from "~/lib/contracts/form-results";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/career-not-sent";

// Build time only (the page is prerendered per problem in every language): its words in the page's language, as loader data (decision 0166).
// The page's own problem only: its text, not every problem's.
export function loader({ params }: { params: { lang?: string; problem?: string } }) {
  const { problems, ...notSent } = formResultsIn(params.lang).career.notSent;
  return { notSent, problem: problemText(formProblems.career, problems, params.problem) };
}

export function meta({ loaderData, params, location, matches }: Route.MetaArgs) {
  return pageMeta({ ...loaderData.notSent, path: `${formResultPaths.career.notSent}/${params.problem}`, noindex: true }, { location, matches });
}

export default function CareerNotSentPage({ loaderData }: Route.ComponentProps) {
  return <FormNotSentView form="career" notSent={loaderData.notSent} problem={loaderData.problem} />;
}
