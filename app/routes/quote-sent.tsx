import { quoteResult } from "~/content/quote-result";
import { QuoteSentView } from "~/features/forms/quote/quote-result";
import { quotePaths } from "~/lib/contracts/quote";
import { type MetaLocation, pageMeta } from "~/lib/seo";

export const meta = ({ location }: MetaLocation) => pageMeta({ ...quoteResult.sent, path: quotePaths.sent, noindex: true }, location);

export default function QuoteSentPage() {
  return <QuoteSentView />;
}
