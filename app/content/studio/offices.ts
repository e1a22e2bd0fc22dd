import { collection, fields } from "@keystatic/core";
import { countryCode, email, httpsUrl, order, phone, text } from "./fields";

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
    country: fields.slug({
      name: {
        label: "Country",
        description: "One of Company facts' office countries, whose translations name it in each language; the address ends with it.",
        validation: { length: { min: 1 } },
      },
    }),
    countryCode: countryCode(),
    label: text("Label", { description: "Its name for search engines (structured data), e.g. Bangladesh (Head Office). The footer names the country in the page's language." }),
    order: order(),
    isHeadOffice: fields.checkbox({ label: "Head office", description: "Exactly one office is the head office." }),
    address: text("Address", { multiline: true, description: "Ending with the country, e.g. …, Dhaka-1230, Bangladesh." }),
    email: email("E-mail"),
    phone: phone("Phone"),
    website: httpsUrl("Website"),
  },
});
