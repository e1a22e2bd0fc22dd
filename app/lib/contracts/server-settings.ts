// What the build hands the server from the content, so the server never reads content/ itself:
// scripts/build/steps/server-settings.mjs writes it beside the client files (build/, or
// releases/<id>/ when publishing); the server reads it from the build it serves.

/** The file's name, in the folder that holds the build's `client/`. */
export const serverSettingsFile = "server-settings.json";

export type ServerSettings = {
  /** How many days job applications are kept (the studio's "Career form"; server/staff/retention.ts). */
  applicationRetentionDays: number;
  /**
   * The site's public origin as the build's canonical links use it (SITE_URL, else the website of
   * content/site.yaml): the staff desk lives there too, so the server's e-mails link to it.
   */
  siteUrl: string;
  /** The studio's "Reply templates" (issue 45): answers staff start a reply from; {name} and {reference} are filled in. */
  replyTemplates?: ReplyTemplate[];
};

export type ReplyTemplate = { name: string; text: string };
