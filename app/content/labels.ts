import data from "virtual:content/labels";
import type { ContentModules } from "./reader/site-content.server";

// Words of the site's frame (skip link, breadcrumb, menu, footer, the Oops page): content/labels.yaml
// without its groups, which are modules of their own (./carousel-labels.ts, ./gallery-labels.ts …).
// A label with a slot is filled where it is shown: label.replace("{title}", title).
export type Labels = ContentModules["labels"];
export const labels = data as Labels;
