import { lazy, Suspense } from "react";
import { useLoaderData } from "react-router";
import type { OwnLanguageHandle } from "~/components/layout/site-main";
import { PageShell } from "~/components/page-banner/page-shell";
import { privacyIn } from "~/content/privacies";
import { PrivacyNotice } from "~/features/privacy/privacy-notice";
import { type MetaArgs, pageMeta } from "~/lib/seo";
import { useHydrated } from "~/lib/use-hydrated";

export const meta = (args: MetaArgs) => pageMeta("privacy", args);

// Every block says its language (decision 0168): the banner its page words', the notice its own, the
// analytics choice the page's; so <main> is not marked with the default language.
export const handle: OwnLanguageHandle = { blocksSayTheirLanguage: true };

const gaMeasurementId = import.meta.env.VITE_GA_MEASUREMENT_ID;
// Only a build with analytics has a choice to change; its buttons come with the page's hydration
// (before it, and without JavaScript, nothing is measured).
const AnalyticsChoice = gaMeasurementId ? lazy(() => import("~/features/analytics/analytics-choice")) : null;

// Build time only (the page is prerendered): the page's language's notice travels as its loader
// data (decision 0168), so a page carries its own language's notice and no other's.
export function loader({ params }: { params: { lang?: string } }) {
  return { privacy: privacyIn(params.lang) };
}

export default function PrivacyPage() {
  const { privacy } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  return (
    <PageShell page="privacy">
      <PrivacyNotice
        privacy={privacy}
        analyticsUsed={Boolean(gaMeasurementId)}
        analyticsChoice={
          AnalyticsChoice && hydrated ? (
            <Suspense fallback={null}>
              <AnalyticsChoice />
            </Suspense>
          ) : null
        }
      />
    </PageShell>
  );
}
