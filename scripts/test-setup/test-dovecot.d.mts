export const dovecotBinary: string;
export type TestDovecot = {
  /** IMAP_URL of the INBOX: imap://user:password@127.0.0.1:port/INBOX */
  url: string;
  host: string;
  port: number;
  user: string;
  password: string;
  /** Delivers a message by IMAP APPEND (unread unless `flags` say otherwise); resolves to its UID. */
  append(raw: Buffer | string, flags?: string[]): Promise<number>;
  /** Delivers each message in turn by IMAP APPEND in one session (unread); resolves to their UIDs. */
  appendAll(raws: Array<Buffer | string>): Promise<number[]>;
  /** Delivers a message into the INBOX's maildir as local delivery does: also while the server is stopped. */
  deliverToMaildir(raw: Buffer | string): Promise<void>;
  /** Every message in INBOX, in UID order. */
  messages(): Promise<{ uid: number; flags: string[]; messageId: string | undefined }[]>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
};
export function startTestDovecot(options?: { idle?: boolean }): Promise<TestDovecot>;
