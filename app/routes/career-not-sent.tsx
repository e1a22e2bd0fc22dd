import { formResults } from "~/content/form-results";
import { FormNotSentView } from "~/features/forms/form-result";
import { formResultPaths } from "~/lib/contracts/form-results";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/career-not-sent";

const { notSent } = formResults.career;

export const meta = ({ params, location }: Route.MetaArgs) =>
  pageMeta({ ...notSent, path: `${formResultPaths.career.notSent}/${params.problem}`, noindex: true }, location);

export default function CareerNotSentPage({ params }: Route.ComponentProps) {
  return <FormNotSentView form="career" problem={params.problem} />;
}
