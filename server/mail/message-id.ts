import { randomUUID } from "node:crypto";
import addressparser from "nodemailer/lib/addressparser";

/**
 * A new Message-ID in the domain of the site's sender address (MAIL_FROM): the site's, never the
 * visitor's, so a relay that checks the domain accepts it and replies thread under it.
 */
export function siteMessageId(from: string): string {
  const [sender] = addressparser(from, { flatten: true });
  return `<${randomUUID()}@${sender?.address.split("@")[1] || "localhost"}>`;
}
