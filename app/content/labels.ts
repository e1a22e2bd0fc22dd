import { type Messages, useMessages } from "./messages";

// Words of the site's frame (skip link, breadcrumb, footer, the forms' privacy line): the `labels`
// group of the shown language's interface words (content/messages/<code>.yaml). They reach a page as
// the root loader's data (app/root.tsx, decision 0160), not as JavaScript every page loads; the
// controls' words (carousel, gallery, picture window …) are groups of their own beside it.
// A label with a slot is filled where it is shown: label.replace("{title}", title).
export type Labels = Messages["labels"];

/** The frame's words for the shown page. */
export function useLabels(): Labels {
  return useMessages().labels;
}
