import data from "virtual:content/quality";
import type { ContentModules } from "./reader/read-content";

// /quality: content/company/quality.yaml.
export type Quality = ContentModules["quality"];
export const quality = data as Quality;
