// Shared by the browser mail module and the server's EmailJS-compatible endpoint (server/intake/emailjs.ts), so
// `npm start` works with no keys: the site sends these ids to its own origin, and the server knows them.
// They are not secrets: EmailJS public keys and ids are visible in every page that uses them.

export const localMailIds = {
  publicKey: "ssl-local-public-key",
  serviceId: "ssl_local",
  templates: { contact: "contact_form", career: "career_form" },
} as const;

export type MailForm = keyof typeof localMailIds.templates;

/** Longest accepted value of each template parameter (characters); the forms set the same maxLength. */
export const fieldMaxLength = {
  name: 120,
  /** RFC 5321: an address in a mail path is 254 characters at most (the rule: ./email-address.ts). */
  email: 254,
  subject: 200,
  message: 5000,
  phone: 40,
  position: 120,
  coverLetter: 5000,
  attachment_filename: 255,
} as const;

/** Field name no autofill fills in; people never see it, bots that fill every input do. */
export const honeypotName = "ssl_hp_confirm";

/**
 * The hidden field every form carries with its page's language (decision 0164): the server checks it
 * against the site's languages (an unknown one is the default's) and keeps it with the lead.
 */
export const localeFieldName = "locale";

/**
 * Where each `<form method="post">` goes before (or without) JavaScript: the site's own endpoint,
 * beside POST /api/v1.0/email/send (server/intake/native-posts.ts).
 */
export const formPostPaths = {
  contact: "/api/v1.0/email/form/contact",
  career: "/api/v1.0/email/form/career",
} as const satisfies Record<MailForm, string>;
