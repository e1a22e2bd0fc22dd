import { ImapFlow } from "imapflow";
import MailComposer from "nodemailer/lib/mail-composer";
import type Mail from "nodemailer/lib/mailer";

// The company's mailbox the staff desk e2e server reads (its own Dovecot, started by
// scripts/test-setup/staff-e2e-servers.mjs): a spec delivers a buyer's e-mail there by IMAP APPEND,
// as the company's mail server would, and reads its flags back.

/** The IMAP_URL of the staff desk e2e server. */
export function companyMailboxUrl(): string {
  const url = process.env.E2E_STAFF_PGLITE_IMAP_URL;
  if (!url) throw new Error("the staff e2e server's mailbox is started by playwright.config.ts's webServer (E2E_STAFF_PGLITE_IMAP_URL)");
  return url;
}

async function session<T>(mailboxUrl: string, work: (client: ImapFlow) => Promise<T>): Promise<T> {
  const url = new URL(mailboxUrl);
  const client = new ImapFlow({
    host: url.hostname,
    port: Number(url.port),
    secure: false,
    auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
    logger: false,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/** Delivers an e-mail (composed by nodemailer from `message`) to the mailbox's INBOX, unread; resolves to its UID. */
export async function deliverToMailbox(mailboxUrl: string, message: Mail.Options): Promise<number> {
  const raw = await new MailComposer({ date: new Date(), ...message }).compile().build();
  return session(mailboxUrl, async (client) => {
    const appended = await client.append("INBOX", raw, []);
    if (!appended || !appended.uid) throw new Error("the IMAP server did not take the message");
    return appended.uid;
  });
}

/** The flags of the message with `uid` in INBOX. */
export function mailboxFlags(mailboxUrl: string, uid: number): Promise<string[]> {
  return session(mailboxUrl, async (client) => {
    const lock = await client.getMailboxLock("INBOX");
    try {
      const message = await client.fetchOne(String(uid), { flags: true }, { uid: true });
      return message ? [...(message.flags ?? [])] : [];
    } finally {
      lock.release();
    }
  });
}
