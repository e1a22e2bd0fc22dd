import { formResults } from "~/content/form-results";
import { FormSentView } from "~/features/forms/form-result";
import { formResultPaths } from "~/lib/contracts/form-results";
import { type MetaArgs, pageMeta } from "~/lib/seo";

const { sent } = formResults.career;

export const meta = (args: MetaArgs) => pageMeta({ ...sent, path: formResultPaths.career.sent, noindex: true }, args);

export default function CareerSentPage() {
  return <FormSentView form="career" />;
}
