import { fields } from "@keystatic/core";

// Field builders shared by every content type. These definitions are the one source of truth for
// the shape of content/: the studio edits with them and the build reads with them
// (app/content/reader), so the two cannot drift. Browser-safe: the studio bundle imports them.

type TextOptions = { description?: string; multiline?: boolean; min?: number; max?: number };

/** A text a visitor reads: required, not blank. */
export function text(label: string, { description, multiline, min = 1, max }: TextOptions = {}) {
  return fields.text({
    label,
    description,
    multiline,
    validation: { length: { min, max }, pattern: { regex: /\S/, message: `${label} must not be blank` } },
  });
}

/** A text that must stay word for word as the specification says (the forms' fixed messages, fixed labels). */
export function fixedText(label: string, value: string) {
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return fields.text({
    label,
    description: `Fixed by the specification: "${value}".`,
    defaultValue: value,
    validation: { length: { min: 1 }, pattern: { regex: new RegExp(`^${escaped}$`), message: `${label} must be exactly "${value}"` } },
  });
}

/**
 * A visitor text with slots the page fills in, e.g. "View larger: {title}". Each slot must stay in
 * the text (the build refuses a text without it); the words around it are free.
 */
export function template(label: string, slots: string[], { description }: { description?: string } = {}) {
  const names = slots.map((s) => `{${s}}`).join(", ");
  const required = slots.map((s) => `(?=[\\s\\S]*\\{${s}\\})`).join("");
  return fields.text({
    label,
    description: [description, `Keep ${names}: the page puts the actual value there.`].filter(Boolean).join(" "),
    validation: { length: { min: 1 }, pattern: { regex: new RegExp(`^${required}[\\s\\S]*\\S[\\s\\S]*$`), message: `${label} must contain ${names}` } },
  });
}

/** A file under public/ ("/images/x.svg") or an https URL. */
export function media(label: string, description = "A file of the site, e.g. /images/team/man.svg, or an https:// address.") {
  return fields.text({
    label,
    description,
    validation: {
      length: { min: 1 },
      pattern: { regex: /^(\/[\w\-./&%]+|https:\/\/\S+)$/, message: `${label} must be /path/to/file or an https:// address` },
    },
  });
}

/** A path of this site, e.g. /contact. */
export function sitePath(label: string) {
  return fields.text({
    label,
    validation: { length: { min: 1 }, pattern: { regex: /^\/[a-z0-9\-/&%]*$/i, message: `${label} must be a site path starting with /` } },
  });
}

export function email(label: string) {
  return fields.text({
    label,
    validation: { length: { min: 1 }, pattern: { regex: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: `${label} must be an e-mail address` } },
  });
}

/** A phone number as shown; the tel: link is made from its digits. */
export function phone(label: string) {
  return fields.text({
    label,
    description: "International format starting with +, e.g. +880 1700-000000 (spaces and dashes are fine).",
    validation: {
      length: { min: 1 },
      pattern: { regex: /^\+\d[\d\s-]{5,20}\d$/, message: `${label} must start with + and the country code, e.g. +880 1700-000000` },
    },
  });
}

/** A country's ISO 3166 code, for search engines (structured data): one value in every language (decision 0181). */
export function countryCode(label = "Country code") {
  return fields.text({
    label,
    description: "Two capital letters (ISO 3166), e.g. BD; for search engines.",
    validation: { length: { min: 2, max: 2 }, pattern: { regex: /^[A-Z]{2}$/, message: `${label} must be two capital letters, e.g. BD` } },
  });
}

export function httpsUrl(label: string) {
  return fields.text({
    label,
    validation: { length: { min: 1 }, pattern: { regex: /^https:\/\/[^\s/$.?#][^\s]*$/, message: `${label} must be an https:// address` } },
  });
}

export function integer(label: string, { min, max, description }: { min?: number; max?: number; description?: string } = {}) {
  return fields.integer({ label, description, validation: { isRequired: true, min, max } });
}

/** Position of a collection entry in its list (1 comes first). */
export const order = () => integer("Position", { min: 1, description: "Where this entry appears in its list: 1 comes first." });

export function textList(label: string, itemLabel: string, { min = 1, max }: { min?: number; max?: number } = {}) {
  return fields.array(text(itemLabel), { label, itemLabel: (p) => p.value, validation: { length: { min, max } } });
}

/** Heading and intro of a section. */
export const section = () => ({ heading: text("Heading"), intro: text("Intro", { multiline: true }) });

/** The texts every form's not-sent page has (/contact, /career and /quote not-sent/…), beside its problem texts. */
export const notSentPageTexts = () => ({
  title: text("Page title"),
  description: text("Page description"),
  heading: text("Heading"),
  keptNote: text("Note that going back keeps what was typed", { multiline: true }),
  emailNote: text("Text before the company e-mail address"),
});

/** Long text with paragraphs, bold, italics, lists and links; nothing else. */
export function richText(label: string, description?: string) {
  return fields.markdoc({
    label,
    description,
    extension: "mdoc",
    options: {
      heading: false,
      blockquote: false,
      code: false,
      codeBlock: false,
      divider: false,
      image: false,
      table: false,
      strikethrough: false,
    },
  });
}

export const placeholderHelp =
  "Write {site.foundedYear}, {site.phone}, {site.factoryCountries} … to show a fact from Company facts (see content/README.md).";
