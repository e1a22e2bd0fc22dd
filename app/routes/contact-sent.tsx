import { formResults } from "~/content/form-results";
import { FormSentView } from "~/features/forms/form-result";
import { formResultPaths } from "~/lib/contracts/form-results";
import { type MetaLocation, pageMeta } from "~/lib/seo";

const { sent } = formResults.contact;

export const meta = ({ location }: MetaLocation) => pageMeta({ ...sent, path: formResultPaths.contact.sent, noindex: true }, location);

export default function ContactSentPage() {
  return <FormSentView form="contact" />;
}
