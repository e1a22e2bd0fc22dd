import { useEffect, useState } from "react";

/** The current year, read in the browser so a page built last year still shows this year. */
export function CopyrightYear() {
  // Prerendered HTML carries the build year; the browser replaces it after hydration.
  const [year, setYear] = useState(__BUILD_YEAR__);
  useEffect(() => setYear(new Date().getFullYear()), []);
  return <>{year}</>;
}
