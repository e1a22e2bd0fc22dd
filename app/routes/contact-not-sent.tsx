import { formResults } from "~/content/form-results";
import { FormNotSentView } from "~/features/forms/form-result";
import { formResultPaths } from "~/lib/contracts/form-results";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/contact-not-sent";

const { notSent } = formResults.contact;

export function meta({ params, location, matches }: Route.MetaArgs) {
  return pageMeta({ ...notSent, path: `${formResultPaths.contact.notSent}/${params.problem}`, noindex: true }, { location, matches });
}

export default function ContactNotSentPage({ params }: Route.ComponentProps) {
  return <FormNotSentView form="contact" problem={params.problem} />;
}
