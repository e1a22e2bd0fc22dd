import { fields, singleton } from "@keystatic/core";
import { text } from "./fields";

// content/locales.yaml: the languages the public site speaks (decision 0160). The first is the
// default, at today's addresses without a prefix; every other one lives under /<code>/ with the
// same paths below it. Adding one is a new entry here plus its translations (the build refuses a
// language whose words are missing).
export const locales = singleton({
  label: "Languages",
  path: "content/locales",
  format: { data: "yaml" },
  schema: {
    locales: fields.array(
      fields.object({
        code: fields.text({
          label: "Language code",
          description: "Lower-case BCP 47 code, the first part of the address (de → /de/faq), e.g. de, fr, es, pt-br.",
          validation: { length: { min: 2, max: 8 }, pattern: { regex: /^[a-z]{2,3}(-[a-z0-9]{2,4})?$/, message: "Language code must be like de, fr or pt-br" } },
        }),
        name: text("Name of the language in itself", { description: "Shown in the language switcher, e.g. Deutsch, Français, Español." }),
        dir: fields.select({
          label: "Writing direction",
          options: [
            { label: "Left to right", value: "ltr" },
            { label: "Right to left (Arabic, Hebrew, …)", value: "rtl" },
          ],
          defaultValue: "ltr",
        }),
        ogLocale: fields.text({
          label: "Open Graph locale",
          description: "Language and region for link previews, e.g. de_DE.",
          validation: { length: { min: 2 }, pattern: { regex: /^[a-z]{2,3}(_[A-Z]{2})?$/, message: "Open Graph locale must be like de_DE" } },
        }),
      }),
      { label: "Languages (the first is the default, at addresses without a prefix)", itemLabel: (p) => `${p.fields.name.value} (${p.fields.code.value})`, validation: { length: { min: 1 } } },
    ),
  },
});
