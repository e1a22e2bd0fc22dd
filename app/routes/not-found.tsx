import { OopsPage } from "~/components/oops-page/oops-page";
import { type MetaArgs, pageMeta } from "~/lib/seo";

export const meta = (args: MetaArgs) => [...pageMeta("notFound", args), { name: "robots", content: "noindex" }];

export default function NotFoundPage() {
  return <OopsPage />;
}
