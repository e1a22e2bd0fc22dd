import type { Context, Hono } from "hono";
import type { ProxyTrust } from "../platform/client-address";
import type { Database } from "../db/db";
import type { Addresses } from "../mail/addresses";
import type { LeadFiles } from "../leads/files";
import type { ReplyTemplate } from "../../app/lib/contracts/server-settings";
import type { StaffAuth } from "./auth";
import type { StaffEnv } from "./guard";
import type { SignInThrottle } from "./throttle";

// What the desk's parts share (desk.tsx makes it; accounts, audit, the inbox and the studio's guard
// take it): a module of its own, so none of them imports the desk that mounts them.

export type StaffApp = Hono<StaffEnv>;

/** What the app, the studio's guard and other staff routes share. */
export type StaffDesk = {
  app: StaffApp;
  auth: StaffAuth;
  db: Database;
  /** Where the leads' files are (their rows, or the bucket: decision 0161); the downloads stream them from it. */
  files: LeadFiles;
  trustedProxies?: ProxyTrust;
  /**
   * The desk's e-mails (StaffDeskOptions.mailFrom): queued in the leads database and sent by the
   * relay of the app's mail endpoint; `relayNow` wakes it (createApp sets it, as the relay is made
   * there; until then a queued e-mail waits for the relay's next regular look).
   */
  mail?: { from: string; relayNow: () => void; addresses: Addresses };
  /** The reply templates the studio keeps ("Reply templates"), from the served build's server settings. */
  /** In a lead's language with `locale` (decision 0164). */
  replyTemplates: (locale?: string) => Promise<ReplyTemplate[]>;
  /** Whether the company's mailbox is read (IMAP_URL): the reply form says whether answers come back. */
  repliesComeBack: boolean;
  /** DIGEST_TIME_ZONE: the zone the desk's weeks and working days are cut in (reports, digest). */
  timeZone: string;
  /** The desk's clock (waiting times, reports' weeks); injected by tests. */
  now: () => Date;
  throttle: SignInThrottle;
  /** The client's address for the audit log. */
  clientAddress(c: Context): string | undefined;
};
