import type { LeadFile } from "../../../app/lib/contracts/leads";

/** An e-mail read from the company's mailbox, as the leads layer stores it (server/leads/conversations.ts). */
export type InboundMessage = {
  /** Its Message-ID with angle brackets; without one, `<sha256-…@inbound.invalid>` from its source. */
  messageId: string;
  inReplyTo: string | null;
  /** The References header's Message-IDs, oldest first. */
  references: string[];
  from: string;
  to: string;
  subject: string;
  /** When it reached the mailbox (IMAP INTERNALDATE). */
  at: Date;
  /** Its text: the text part, or the HTML part converted to text; never HTML. */
  text: string;
  /** Its files, through the one content check and the quote form's limits. */
  attachments: LeadFile[];
};
