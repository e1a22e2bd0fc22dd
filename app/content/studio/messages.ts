import { fields, singleton } from "@keystatic/core";
import { template, text } from "./fields";

// content/messages/<code>.yaml: the interface's words in each language of content/locales.yaml, one
// file per language with the same fields (decision 0160). The build reads every listed language's
// file with these fields: a word missing in one language stops the build naming the file and the
// field, so a visitor never meets a gap. A page gets its own language's words only, as data in its
// HTML (app/root.tsx), not as JavaScript. The studio edits the English file, the source; the other
// languages' files are edited by hand or come back from the translation agency until the studio
// switches language (Keystatic's content i18n, path token {locale}).
export const messagesSchema = {
  language: fields.object(
    {
      switcher: text("Name of the list of languages, also said before the current language on its button (screen readers)"),
    },
    { label: "Language switcher" },
  ),
  header: fields.object(
    {
      logoSuffix: text("Added after the company name on the logo link (screen readers)"),
      mainMenu: text("Name of the menu (screen readers)"),
      mobileMenu: text("Name of the menu on phones (screen readers)"),
      menuButton: text("Menu button on phones (screen readers)"),
      requestQuote: text("Request a quote button"),
      quoteRequestOne: text("Request a quote button with one product in the list (screen readers)"),
      quoteRequestCount: template("Request a quote button with several products in the list (screen readers)", ["count"], {
        description: "{count} is the number of products, e.g. 2.",
      }),
    },
    { label: "Header" },
  ),
  menu: fields.array(fields.object({ english: text("English label, as in Menu and footer links"), label: text("Label in this language") }), {
    label: "Menu and footer link labels (other languages: one per English label; English: leave empty)",
    itemLabel: (p) => `${p.fields.english.value} → ${p.fields.label.value}`,
  }),
  oops: fields.object(
    {
      heading: text("Heading"),
      message: text("Message", { multiline: true }),
      goHome: text("Link to the home page"),
    },
    { label: "Oops page (unknown address)" },
  ),
  contactForm: fields.object(
    {
      name: text("Name field"),
      email: text("E-mail field"),
      subject: text("Subject field"),
      message: text("Message field"),
      submit: text("Send button"),
      sending: text("Send button while sending"),
    },
    { label: "Get In Touch form" },
  ),
};

/**
 * Words the specification fixes in English, word for word: the default language's file must say
 * exactly these (the other languages translate them freely). Checked by the reader, since one set
 * of fields serves every language.
 */
export const fixedInEnglish = {
  contactForm: { name: "Name", email: "Email", subject: "Subject", message: "Message", sending: "Sending..." },
  oops: { heading: "Oops!", goHome: "Go Home" },
} as const;

/** The default language's file (English), the source the others translate. */
export const messages = singleton({
  label: "Interface words (English, the source)",
  path: "content/messages/en",
  format: { data: "yaml" },
  schema: messagesSchema,
});
