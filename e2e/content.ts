import { loadSiteContent } from "../app/content/reader/site-content.server";

// The content the site under test was built from (content/, or CONTENT_DIR), read by the build's
// own reader, so specs compare pages with the files.
export const siteContent = await loadSiteContent();
/** Shaped exactly as the pages import it (app/content/<name>.ts). */
export const content = siteContent.modules;
