/** Where the company's mailbox is and how to sign in, from IMAP_URL (app/lib/contracts/environment.server.ts). */
export type ImapSettings = {
  host: string;
  port: number;
  /** imaps: TLS from the first byte; imap: STARTTLS when the server offers it. */
  secure: boolean;
  user: string;
  password: string;
  /** The folder read, INBOX unless the URL's path names another. */
  mailbox: string;
  /** The mailbox without the password: its name in the log and the key of its cursor in the database. */
  label: string;
};

/** `imaps://sales%40example.com:secret@imap.example.com:993/INBOX` → its parts (the schema has checked the shape). */
export function imapSettingsFrom(imapUrl: string): ImapSettings {
  const url = new URL(imapUrl);
  const secure = url.protocol === "imaps:";
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const port = url.port ? Number(url.port) : secure ? 993 : 143;
  const user = decodeURIComponent(url.username);
  const mailbox = decodeURIComponent(url.pathname.replace(/^\/+/, "")) || "INBOX";
  return { host, port, secure, user, password: decodeURIComponent(url.password), mailbox, label: `${url.protocol}//${user}@${url.host}/${mailbox}` };
}
