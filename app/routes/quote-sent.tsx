import { quoteResult } from "~/content/quote-result";
import { QuoteSentView } from "~/features/forms/quote/quote-result";
import { quotePaths } from "~/lib/contracts/quote";
import { type MetaArgs, pageMeta } from "~/lib/seo";

export const meta = (args: MetaArgs) => pageMeta({ ...quoteResult.sent, path: quotePaths.sent, noindex: true }, args);

export default function QuoteSentPage() {
  return <QuoteSentView />;
}
