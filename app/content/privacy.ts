import data from "virtual:content/privacy";
import type { ContentModules } from "./reader/site-content.server";

// /privacy: content/privacy.yaml, with each form's fields and the days applications are kept filled
// in by the build (app/content/reader/privacy.server.ts).
export type Privacy = ContentModules["privacy"];
export const privacy = data as Privacy;
