import { useMessages } from "./messages";
import type { ContentModules } from "./reader/site-content.server";

// Words of the site's frame (skip link, breadcrumb, footer, the forms' privacy line): content/labels.yaml
// without its groups, which are modules of their own (./carousel-labels.ts, ./gallery-labels.ts …).
// They reach a page with its language's interface words, as the root loader's data (app/root.tsx,
// decision 0160), not as JavaScript every page loads.
// A label with a slot is filled where it is shown: label.replace("{title}", title).
export type Labels = ContentModules["labels"];

/** The frame's words for the shown page. */
export function useLabels(): Labels {
  return useMessages().labels;
}
