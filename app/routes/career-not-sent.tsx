import { formResults } from "~/content/form-results";
import { FormNotSentView } from "~/features/forms/form-result";
import { formResultPaths } from "~/lib/contracts/form-results";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/career-not-sent";

const { notSent } = formResults.career;

export function meta({ params, location, matches }: Route.MetaArgs) {
  return pageMeta({ ...notSent, path: `${formResultPaths.career.notSent}/${params.problem}`, noindex: true }, { location, matches });
}

export default function CareerNotSentPage({ params }: Route.ComponentProps) {
  return <FormNotSentView form="career" problem={params.problem} />;
}
