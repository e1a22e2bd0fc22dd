import { readContent } from "../app/content/reader/read-content";

// The content the site under test was built from (content/, or CONTENT_DIR), shaped exactly as
// the pages import it (app/content/<name>.ts), so specs compare pages with the files.
export const content = await readContent();
