import addressparser from "nodemailer/lib/addressparser";

export type Addresses = {
  /** The site's sender address, e.g. "SSL website <website@example.com>". */
  from: string;
  /** Who receives the leads: one address or a comma-separated list. */
  to: string;
  /** Who receives quote requests (QUOTE_MAIL_TO); `to` when unset. */
  sales?: string;
};

/** Used for every address the options leave unset (MAIL_FROM, MAIL_TO in .env.example). */
export const defaultAddresses: Addresses = { from: "SSL website <website@localhost>", to: "info@localhost" };

/** The addresses in use: those given, the defaults for the rest (the relay's and the staff desk's sender too). */
export function mailAddresses(given?: Partial<Addresses>): Addresses {
  return { from: given?.from || defaultAddresses.from, to: given?.to || defaultAddresses.to, sales: given?.sales || undefined };
}

/** The plain addresses of an address list ("Name <a@b.c>, d@e.f" → a@b.c, d@e.f): an SMTP envelope's. */
export const envelopeAddresses = (list: string): string[] => addressparser(list, { flatten: true }).map((a) => a.address);
