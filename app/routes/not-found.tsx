import { OopsPage } from "~/components/oops-page/oops-page";
import { notFoundMeta } from "~/lib/seo";

export const meta = notFoundMeta;

export default function NotFoundPage() {
  return <OopsPage />;
}
