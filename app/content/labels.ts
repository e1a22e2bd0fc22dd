import data from "virtual:content/labels";
import type { ContentModules } from "./reader/read-content";

// Words of the site's frame and controls (skip link, breadcrumb, menu, footer, carousels, videos,
// the Oops page): content/labels.yaml, without its gallery and consent groups (their own modules).
export type Labels = ContentModules["labels"];
export const labels = data as Labels;

/** A label with slots filled: fillSlots("View larger: {title}", { title: "Polo" }). */
export function fillSlots(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (slot, name: string) => (name in values ? String(values[name]) : slot));
}
