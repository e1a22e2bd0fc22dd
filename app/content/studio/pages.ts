import { collection, fields } from "@keystatic/core";
import { media, text } from "./fields";

// content/pages/<page-id>.yaml: title, banner heading, breadcrumb and search description of each
// fixed page. Which page lives at which address is code (app/content/pages.ts), so an entry can
// be reworded but not moved; the build refuses a missing or unknown page.
export const pages = collection({
  label: "Page titles and banners",
  path: "content/pages/*",
  slugField: "title",
  format: { data: "yaml" },
  columns: ["title"],
  schema: {
    title: fields.slug({
      name: { label: "Title", description: "In the browser tab and search results.", validation: { length: { min: 1 } } },
      slug: { label: "Page (file name)", description: "Names the page; keep it as it is." },
    }),
    heading: text("Banner heading"),
    breadcrumb: text("Breadcrumb"),
    description: text("Search description", { multiline: true, min: 50, max: 170 }),
    bannerImage: media("Banner image"),
  },
});
