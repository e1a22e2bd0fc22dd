import { formResultsIn } from "~/content/form-results";
import { FormSentView } from "~/features/forms/form-result";
import { formResultPaths } from "~/lib/contracts/form-results";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/career-sent";

// Build time only (the page is prerendered in every language): its words in the page's language, as loader data (decision 0166).
export function loader({ params }: { params: { lang?: string } }) {
  return { sent: formResultsIn(params.lang).career.sent };
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return pageMeta({ ...loaderData.sent, path: formResultPaths.career.sent, noindex: true }, { location, matches });
}

export default function CareerSentPage({ loaderData }: Route.ComponentProps) {
  return <FormSentView form="career" sent={loaderData.sent} />;
}
