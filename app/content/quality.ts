import data from "virtual:content/quality";
import type { ContentModules } from "./reader/site-content.server";

// /quality: content/company/quality.yaml.
export type Quality = ContentModules["quality"];
export const quality = data as Quality;
