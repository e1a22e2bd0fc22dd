// The build's post-steps, in order, run by react-router.config.ts's buildEnd once every page is
// prerendered: one list of named steps, one listing of the build folder, one read of the content.
// Why this order: scripts/build/README.md.
import { join } from "node:path";
import { loadSiteContent } from "../../app/content/reader/site-content.server.ts";
import { ClientFiles } from "./client-files.mjs";
import { certificateFiles } from "./steps/certificate-files.mjs";
import { companyProfilePdf } from "./steps/company-profile-pdf.mjs";
import { compileHints } from "./steps/compile-hints.mjs";
import { dataTwin } from "./steps/data-twin.mjs";
import { deferHydrationStep } from "./steps/defer-hydration.mjs";
import { hiddenContent } from "./steps/hidden-content.mjs";
import { inlineSmallImagesStep } from "./steps/inline-small-images.mjs";
import { inlineStylesheetsStep } from "./steps/inline-stylesheets.mjs";
import { lineSheets } from "./steps/line-sheets.mjs";
import { notFoundPage } from "./steps/not-found-page.mjs";
import { photos } from "./steps/photos.mjs";
import { precompress } from "./steps/precompress.mjs";
import { securityConfig } from "./steps/security-config.mjs";
import { serverBundle } from "./steps/server-bundle.mjs";
import { serverSettings } from "./steps/server-settings.mjs";
import { sitemap } from "./steps/sitemap.mjs";
import { stamp } from "./steps/stamp.mjs";
import { writeClientFiles } from "./steps/write-client-files.mjs";

export const buildSteps = [
  notFoundPage,
  sitemap,
  dataTwin,
  photos,
  certificateFiles,
  lineSheets,
  companyProfilePdf,
  hiddenContent,
  compileHints,
  inlineStylesheetsStep,
  inlineSmallImagesStep,
  deferHydrationStep,
  writeClientFiles,
  precompress,
  securityConfig,
  serverBundle,
  serverSettings,
  stamp,
];

/**
 * Runs `steps` in order on the build in `buildDir`. Each step gets the same context: `buildDir`,
 * `files` (build/client listed once, its pages and other compressible files in memory),
 * `content` (the site's content: the build's one read, shared with the prerender list and the
 * pages, app/content/reader/site-content.server.ts) and `siteUrl`
 * (SITE_URL as Vite read it) and `buildEnv` (Vite's env, whose VITE_ values decide the CSP's hosts). A step that throws stops the build, naming the step.
 */
export async function runBuildSteps({ buildDir, siteUrl, buildEnv, steps = buildSteps, readSiteContent = loadSiteContent, log = console.log }) {
  const files = await ClientFiles.read(join(buildDir, "client"));
  const content = await readSiteContent();
  const context = { buildDir, files, content, siteUrl, buildEnv };
  for (const step of steps) {
    const started = performance.now();
    let summary;
    try {
      summary = await step.run(context);
    } catch (error) {
      throw new Error(`build step ${step.name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    log(`${step.name}: ${summary} (${Math.round(performance.now() - started)} ms)`);
  }
}
