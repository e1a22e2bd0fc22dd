import { collection, fields } from "@keystatic/core";
import { email, httpsUrl, order, phone, text } from "./fields";

// content/offices/<country>.yaml: the footer's offices, one file each, shown by Position.
// The head office's address, e-mail and phone are also the company's own (header, contact page,
// company profile), so they are written only here.
export const offices = collection({
  label: "Offices (addresses, phones)",
  path: "content/offices/*",
  slugField: "country",
  format: { data: "yaml" },
  columns: ["label", "order"],
  schema: {
    country: fields.slug({ name: { label: "Country", validation: { length: { min: 1 } } } }),
    label: text("Label", { description: "As shown in the footer, e.g. Bangladesh (Head Office)." }),
    order: order(),
    isHeadOffice: fields.checkbox({ label: "Head office", description: "Exactly one office is the head office." }),
    address: text("Address", { multiline: true }),
    email: email("E-mail"),
    phone: phone("Phone"),
    website: httpsUrl("Website"),
  },
});
