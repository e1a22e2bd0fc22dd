/** Year of the build, set by vite.config.ts; only the prerendered first paint uses it. */
declare const __BUILD_YEAR__: number;

interface ImportMetaEnv {
  /** Public origin for canonical URLs, Open Graph and the sitemap (build time; see .env.example). */
  readonly SITE_URL?: string;
  /** GA4 measurement id (G-XXXXXXXXXX); without it no analytics code is loaded at all. */
  readonly VITE_GA_MEASUREMENT_ID?: string;
}
