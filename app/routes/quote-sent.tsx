import { quoteResult } from "~/content/quote-result";
import { QuoteSentView } from "~/features/forms/quote/quote-result";
import { quotePaths } from "~/lib/contracts/quote";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta({ ...quoteResult.sent, path: quotePaths.sent, noindex: true });

export default function QuoteSentPage() {
  return <QuoteSentView />;
}
