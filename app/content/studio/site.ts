import { fields, singleton } from "@keystatic/core";
import { httpsUrl, integer, text, textList } from "./fields";

// content/site.yaml: the company's facts. The head office's address, e-mail and phone live in
// its office entry (content/offices/bangladesh.yaml), so each fact is written once.
export const site = singleton({
  label: "Company facts",
  path: "content/site",
  format: { data: "yaml" },
  schema: {
    shortName: text("Short name", { description: "Shown in the logo and page titles, e.g. SSL." }),
    name: text("Company name"),
    tagline: text("Tagline", { description: "Under the logo." }),
    foundedYear: integer("Founded (year)", { min: 1900, max: 2100 }),
    turnover: fields.object(
      {
        currentUsdMillions: integer("Yearly turnover (USD million)", { min: 1 }),
        projectedUsdMillions: integer("Projected turnover (USD million)", { min: 1 }),
        projectedYear: integer("Projected for (year)", { min: 2000, max: 2100 }),
      },
      { label: "Turnover" },
    ),
    sustainabilityVisionYear: integer("Sustainability vision (year)", { min: 2000, max: 2100 }),
    headOffice: fields.object({ city: text("City"), country: text("Country") }, { label: "Head office" }),
    url: httpsUrl("Website address"),
    factoryCountries: textList("Factory and fabric sourcing countries", "Country"),
    officeCountries: textList("Office countries", "Country"),
    certificates: textList("Certificates", "Certificate"),
    cottonTypes: textList("Cotton types", "Cotton type"),
    productFamilies: textList("Product families", "Product family"),
    workWeekDays: integer("Work week (days)", { min: 1, max: 7 }),
    social: fields.array(
      fields.object({
        name: fields.select({
          label: "Network",
          options: [
            { label: "Facebook", value: "Facebook" },
            { label: "LinkedIn", value: "LinkedIn" },
            { label: "Instagram", value: "Instagram" },
          ],
          defaultValue: "Facebook",
        }),
        url: httpsUrl("Address"),
      }),
      { label: "Social links", itemLabel: (p) => p.fields.name.value, validation: { length: { min: 3, max: 3 } } },
    ),
    sisterConcern: fields.object({ name: text("Name"), url: httpsUrl("Website") }, { label: "Sister concern" }),
  },
});

// content/navigation.yaml: the menu and the footer's Quick View links.
const link = () => fields.object({ label: text("Label"), to: fields.text({ label: "Link (a path of this site, e.g. /faq)" }) });

export const navigation = singleton({
  label: "Menu and footer links",
  path: "content/navigation",
  format: { data: "yaml" },
  schema: {
    menu: fields.array(
      fields.object({
        label: text("Label"),
        to: fields.text({ label: "Link", description: "A path of this site, e.g. /faq. Leave empty for a group with sub-links." }),
        childrenFrom: fields.select({
          label: "Sub-links from",
          description: "A group lists the sub-links below, or every gallery family (Products → Gallery families: their names, in their order).",
          options: [
            { label: "The sub-links below", value: "list" },
            { label: "The gallery families", value: "galleryFamilies" },
          ],
          defaultValue: "list",
        }),
        children: fields.array(link(), { label: "Sub-links (a drop-down group)", itemLabel: (p) => p.fields.label.value }),
      }),
      { label: "Menu", itemLabel: (p) => p.fields.label.value, validation: { length: { min: 1 } } },
    ),
    quickView: fields.array(
      fields.object({
        label: text("Label"),
        to: fields.text({ label: "Link", description: "A path of this site; leave empty to show the label without a link." }),
      }),
      { label: "Footer: Quick View", itemLabel: (p) => p.fields.label.value, validation: { length: { min: 1 } } },
    ),
  },
});
