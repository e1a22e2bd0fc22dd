import { formResults } from "~/content/form-results";
import { FormSentView } from "~/features/forms/form-result";
import { formResultPaths } from "~/lib/contracts/form-results";
import { pageMeta } from "~/lib/seo";

const { sent } = formResults.career;

export const meta = () => pageMeta({ ...sent, path: formResultPaths.career.sent, noindex: true });

export default function CareerSentPage() {
  return <FormSentView form="career" />;
}
