import { collection, fields, singleton } from "@keystatic/core";
import { media, order, text } from "./fields";

// Lists shown on the home page and company pages, one file per entry, in Position order.

export const strengths = collection({
  label: "Strengths (also on home)",
  path: "content/strengths/*",
  slugField: "name",
  format: { data: "yaml" },
  columns: ["name", "order"],
  schema: {
    name: fields.slug({ name: { label: "Name", validation: { length: { min: 1 } } } }),
    order: order(),
    description: text("Description", { multiline: true, min: 20 }),
    image: media("Image"),
  },
});

// content/company/strength.yaml: the rest of /our-company/strength.
export const strengthPage = singleton({
  label: "Strength page: heading",
  path: "content/company/strength",
  format: { data: "yaml" },
  schema: { heading: text("Heading above the strengths") },
});

export const certificates = collection({
  label: "Certificates: pictures",
  path: "content/certificates/*",
  slugField: "label",
  format: { data: "yaml" },
  columns: ["label", "order"],
  schema: {
    label: fields.slug({ name: { label: "Label", validation: { length: { min: 1 } } } }),
    order: order(),
    image: media("Image"),
    record: fields.relationship({
      label: "Certificate record (optional)",
      description: "The card links to this record on the compliance page while it is valid (Compliance → Certificates: records).",
      collection: "certificateRecords",
    }),
  },
});

export const teamRoles = [
  "Managing Director",
  "DGM",
  "Merchandiser Team Leader",
  "QC Team Leader",
  "Designer",
  "Compliance Auditor",
] as const;

export const team = collection({
  label: "Team (also on home)",
  path: "content/team/*",
  slugField: "name",
  format: { data: "yaml" },
  columns: ["name", "role", "order"],
  schema: {
    name: fields.slug({ name: { label: "Name", validation: { length: { min: 1 } } } }),
    order: order(),
    role: fields.select({ label: "Role", options: teamRoles.map((r) => ({ label: r, value: r })), defaultValue: "Designer" }),
    rating: fields.select({
      label: "Rating",
      options: [
        { label: "5 stars", value: "5" },
        { label: "4 stars", value: "4" },
      ],
      defaultValue: "5",
    }),
    text: fields.text({ label: "Quote", description: "May be left empty.", multiline: true }),
    image: media("Photo"),
  },
});

export const values = collection({
  label: "Values carousel: cards",
  path: "content/values/*",
  slugField: "title",
  format: { data: "yaml" },
  columns: ["title", "order"],
  schema: {
    title: fields.slug({ name: { label: "Title", validation: { length: { min: 1 } } } }),
    order: order(),
    description: text("Description", { multiline: true, min: 20, max: 140 }),
    image: media("Image"),
  },
});

export const categoryShares = collection({
  label: "Category chart: categories",
  path: "content/category-shares/*",
  slugField: "label",
  format: { data: "yaml" },
  columns: ["label", "percentage", "order"],
  schema: {
    label: fields.slug({ name: { label: "Category", validation: { length: { min: 1 } } } }),
    order: order(),
    percentage: fields.integer({
      label: "Share (percent)",
      description: "All shares together must make 100.",
      validation: { isRequired: true, min: 0, max: 100 },
    }),
    color: fields.text({
      label: "Colour",
      description: "#rrggbb, e.g. #0b3a7e",
      validation: { length: { min: 1 }, pattern: { regex: /^#[0-9a-f]{6}$/i, message: "Colour must be a #rrggbb colour" } },
    }),
  },
});
