import { OopsPage } from "~/components/oops-page/oops-page";
import { pages } from "~/content/pages";
import { pageMeta } from "~/lib/seo";

export const meta = () => [...pageMeta(pages.notFound), { name: "robots", content: "noindex" }];

export default function NotFoundPage() {
  return <OopsPage />;
}
