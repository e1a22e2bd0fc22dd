import { OopsPage } from "~/components/oops-page/oops-page";
import { pages } from "~/content/pages";
import { type MetaLocation, pageMeta } from "~/lib/seo";

export const meta = ({ location }: MetaLocation) => [...pageMeta(pages.notFound, location), { name: "robots", content: "noindex" }];

export default function NotFoundPage() {
  return <OopsPage />;
}
