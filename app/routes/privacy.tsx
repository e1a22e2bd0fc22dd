import { lazy, Suspense } from "react";
import { PageShell } from "~/components/page-banner/page-shell";
import { PrivacyNotice } from "~/features/privacy/privacy-notice";
import { type MetaArgs, pageMeta } from "~/lib/seo";
import { useHydrated } from "~/lib/use-hydrated";

export const meta = (args: MetaArgs) => pageMeta("privacy", args);

const gaMeasurementId = import.meta.env.VITE_GA_MEASUREMENT_ID;
// Only a build with analytics has a choice to change; its buttons come with the page's hydration
// (before it, and without JavaScript, nothing is measured).
const AnalyticsChoice = gaMeasurementId ? lazy(() => import("~/features/analytics/analytics-choice")) : null;

export default function PrivacyPage() {
  const hydrated = useHydrated();
  return (
    <PageShell page="privacy">
      <PrivacyNotice
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
