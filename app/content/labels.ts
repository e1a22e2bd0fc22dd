import data from "virtual:content/labels";
import type { ContentModules } from "./reader/read-content";

// Words shown on every page (skip link, breadcrumb, footer, the Oops page): content/labels.yaml.
export type Labels = ContentModules["labels"];
export const labels = data as Labels;
