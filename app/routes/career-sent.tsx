import { formResults } from "~/content/form-results";
import { FormSentView } from "~/features/forms/form-result";
import { formResultPaths } from "~/lib/contracts/form-results";
import { type MetaLocation, pageMeta } from "~/lib/seo";

const { sent } = formResults.career;

export const meta = ({ location }: MetaLocation) => pageMeta({ ...sent, path: formResultPaths.career.sent, noindex: true }, location);

export default function CareerSentPage() {
  return <FormSentView form="career" />;
}
