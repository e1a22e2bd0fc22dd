import { useLoaderData } from "react-router";
import type { OwnLanguageHandle } from "~/components/layout/site-main";
import { PageShell } from "~/components/page-banner/page-shell";
import { missionIn } from "~/content/mission";
import { MissionVisionValues } from "~/features/company/mission-vision-values";
import { type MetaArgs, pageMeta } from "~/lib/seo";

export const meta = (args: MetaArgs) => pageMeta("mission", args);

// Every block says its language (decision 0169): the banner its page words', the mission, vision
// and values their own; so <main> is not marked with the default language.
export const handle: OwnLanguageHandle = { blocksSayTheirLanguage: true };

// Build time only (the page is prerendered): the page's language's words travel as its loader data
// (decision 0169), so a page carries its own language's words and no other's.
export function loader({ params }: { params: { lang?: string } }) {
  return { mission: missionIn(params.lang) };
}

export default function MissionPage() {
  const { mission } = useLoaderData<typeof loader>();
  return (
    <PageShell page="mission">
      <MissionVisionValues mission={mission} />
    </PageShell>
  );
}
