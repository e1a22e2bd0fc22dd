import { useClientValue } from "~/lib/use-hydrated";

/** The current year, read in the browser so a page built last year still shows this year. */
export function CopyrightYear() {
  // Prerendered HTML carries the build year; the browser's clock replaces it after hydration.
  return <>{useClientValue(() => new Date().getFullYear(), __BUILD_YEAR__)}</>;
}
