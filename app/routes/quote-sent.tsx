import { quote } from "~/content/quote";
import { QuoteSentView } from "~/features/forms/quote/quote-result";
import { quotePaths } from "~/lib/contracts/quote";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta({ ...quote.sent, path: quotePaths.sent, noindex: true });

export default function QuoteSentPage() {
  return <QuoteSentView />;
}
