import { formResults } from "~/content/form-results";
import { FormSentView } from "~/features/forms/form-result";
import { formResultPaths } from "~/lib/contracts/form-results";
import { type MetaArgs, pageMeta } from "~/lib/seo";

const { sent } = formResults.contact;

export const meta = (args: MetaArgs) => pageMeta({ ...sent, path: formResultPaths.contact.sent, noindex: true }, args);

export default function ContactSentPage() {
  return <FormSentView form="contact" />;
}
