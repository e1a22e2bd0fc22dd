import { existsSync } from "node:fs";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { startLeads } from "./leads/start";
import { LeadFiles } from "./leads/files";
import { objectStorage } from "./platform/object-storage";
import { startQuotationExpiry } from "./leads/quotation-expiry";
import { createLiveSite, readServedSite } from "./platform/live-site";
import { startPublishing } from "./publish/publishing";
import { createPreviewOrigin } from "./publish/preview-origin";
import { createBranchPreview } from "./publish/branch-preview";
import { oneBuildAtATime, siteBuilder } from "./publish/site-build";
import { followReleases, releaseUploader, type ReleaseFollower } from "./publish/release-bucket";
import { forgetServing, noteServing, releaseOf } from "./publish/releases-in-use";
import { contentTreeHash } from "./publish/content-tree";
import { mailAddresses } from "./mail/addresses";
import { answerNotifier } from "./mail/inbound/answer-notice";
import { startImapReader } from "./mail/inbound/imap-reader";
import { createStaffDesk } from "./staff/desk";
import { inboxWith, listStaffMembers, newLeadsBadge } from "./staff/inbox/routes";
import { startDigest } from "./staff/digest";
import { mountQuotations, quotationLeadSection } from "./staff/quotations/routes";
import { mountPipeline } from "./staff/quotations/pipeline-routes";
import { expiringQuotationsSection } from "./staff/quotations/expiring-digest";
import { unansweredQuotationsSection } from "./staff/quotations/unanswered-digest";
import { quotationRenderer } from "./staff/quotations/documents";
import { quotationSender } from "./staff/quotations/send";
import { letterheadLogo } from "./staff/quotations/quotation-pdf";
import { quotationSettingsDefaults } from "../app/lib/contracts/server-settings";
import { staffAccountCount } from "./staff/auth";
import { startRetentionJob } from "./staff/retention";
import { startCertificateReminders } from "./staff/certificate-reminders";
import { replyTemplatesFrom } from "./staff/reply-templates";
import { staffText } from "./staff/ui/text";
import { mountResponseTargets } from "./staff/response-targets-page";
import { mountQuotationFollowUp } from "./staff/quotations/follow-up-settings-page";
import { ConfigError } from "./platform/config-error";
import { retiredVariablesSet } from "../app/lib/contracts/environment.server";
import { serverConfigFromEnv } from "./server-config";
import { contentEntries } from "./studio/content-entries";
import { drafts } from "./studio/drafts";
import { startScheduledPublishing } from "./studio/scheduled-publish";
import { announceRelease, contentFollower, releaseChannel } from "./publish/content-follower";
import { keepContentBlobsIn } from "./leads/content-history";
import { electPublisher } from "./publish/publisher-election";

/** A setting the server cannot run with stops the start with one line naming it, not a stack trace. */
function fromEnv<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`The server cannot start: ${error.message}. See .env.example.`);
    process.exit(1);
  }
}

const config = fromEnv(() => serverConfigFromEnv());
const { clientDir, studio } = config.app;
const leads = await startLeads(config.leads).catch((error: unknown) => {
  console.error(`The server cannot start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
// The leads' files: in the bucket with OBJECT_STORAGE_*, else in the database (decision 0161).
const files = new LeadFiles(config.leads.objectStorage ? objectStorage(config.leads.objectStorage) : undefined);
// The content history's photos in the same bucket (decision 0161, "Refined: the content photos' originals").
if (files.storage) keepContentBlobsIn(leads.db, files);
const mail = { ...config.app.mail, database: leads.db, relayLeaseMs: config.leads.relayLeaseMs, files };
const site = createLiveSite(readServedSite(clientDir));
// A published release this server starts with stays while it serves it (another instance's publishing tidies releases).
noteServing(config.releasesDir, clientDir);
const quotationSettings = () => site.current.quotation ?? quotationSettingsDefaults;
const renderQuotation = quotationRenderer({ settings: quotationSettings, logo: () => letterheadLogo(site.current.clientDir) });
// Links in mail to buyers: SITE_URL, else this machine on the port it listens on (decision 0135).
let listeningPort: number | undefined;
// The preview's port once it listens (PREVIEW_PORT 0: any free port).
let previewListeningPort: number | undefined;
/** Where staff open the preview: PREVIEW_ORIGIN (a proxy's address), else the desk's host on the preview's port. */
const previewAddress = (desk: URL) =>
  config.previewOrigin ? `${config.previewOrigin}/` : previewListeningPort ? `${desk.protocol}//${desk.hostname}:${previewListeningPort}/` : undefined;
const buyerOrigin = () => config.publicOrigin(listeningPort);
const salesAddress = mailAddresses(config.app.mail.addresses).sales ?? mailAddresses(config.app.mail.addresses).to;
const staff = await createStaffDesk({
  database: leads.db,
  files,
  secret: config.staff.secret,
  trustedProxies: config.staff.trustedProxies,
  mailFrom: mailAddresses(config.app.mail.addresses).from,
  mailAddresses: config.app.mail.addresses,
  replyTemplates: (locale?: string) => replyTemplatesFrom(site.current.clientDir, locale),
  // The lead page says whether the buyer's answer comes back (the mailbox reader below runs).
  repliesComeBack: config.imap !== undefined,
  // The reports' weeks are cut in the digest's zone (DIGEST_TIME_ZONE), as its working days.
  timeZone: config.staff.digest.timeZone,
  routes: [
    inboxWith({ leadSections: [quotationLeadSection] }),
    mountQuotations({
      settings: quotationSettings,
      productName: (ref) => site.current.products?.[ref]?.label,
      pdf: renderQuotation,
      send: (desk) => quotationSender({ desk, render: renderQuotation, settings: quotationSettings, origin: buyerOrigin }),
    }),
    mountPipeline({ timeZone: config.staff.digest.timeZone }),
    // Response targets, first and later replies (decisions 0153, 0157), admin.
    mountResponseTargets,
    // After how many days a quotation the buyer has not answered comes back (decision 0158), admin.
    mountQuotationFollowUp,
  ],
  homeSections: [(desk, member) => newLeadsBadge(desk.db, member)],
});
const staffAccounts = await staffAccountCount(leads.db);
if (config.studioPasswordSet) console.warn(staffText.retired);
// Job applications and their resumes are deleted after the retention period.
const retention = startRetentionJob({
  db: leads.db,
  files,
  site,
  retentionDays: config.staff.retentionDays,
  contentHistoryDays: config.staff.contentHistoryDays,
});
// Each morning, one e-mail to each member of staff with leads waiting (decision 0104).
const digest = startDigest({
  db: leads.db,
  from: mailAddresses(config.app.mail.addresses).from,
  origin: () => site.current.siteUrl ?? "",
  listStaff: () => listStaffMembers(leads.db),
  ...config.staff.digest,
  // Quotations expiring within 7 days (decision 0117).
  // and those the buyer has not answered for the setting's days (decision 0158).
  extraSections: async (member, now) => [
    ...(await expiringQuotationsSection({ db: leads.db, listStaff: () => listStaffMembers(leads.db) })(member, now)),
    ...(await unansweredQuotationsSection({ db: leads.db })(member, now)),
  ],
  queued: () => staff.mail?.relayNow(),
});
// Quotations past their validity become expired, with a line in their lead's history (decision 0110).
const quotationExpiry = startQuotationExpiry({ db: leads.db });

if (retiredVariablesSet().includes("TRUST_PROXY")) {
  console.warn("TRUST_PROXY is no longer read: X-Forwarded-For is believed from TRUSTED_PROXIES only (default: this machine, 127.0.0.1/8 and ::1).");
}

// The public site is built from the published tree (decision 0159; `npm start` made it a copy of
// CONTENT_DIR at the first start): a studio save is a draft until it is published.
// Without the tree (the server's bundle started by hand, not by `npm start`) saves publish as before.
const drafting = studio.publishedContentDir !== undefined && existsSync(studio.publishedContentDir);
if (studio.publishedContentDir && !drafting) {
  console.warn(`No published content at ${studio.publishedContentDir} (npm start makes it): studio saves publish directly, with no drafts.`);
}
const publishedDir = drafting ? studio.publishedContentDir! : studio.contentDir;
// More than one machine (decision 0162): with DATABASE_URL both trees follow the content history,
// caught up here before the studio is served, then on every NOTIFY and every 30 s. The same
// listening connection hears `NOTIFY release`: the publisher's new release is in the bucket.
const heard: { release?: ReleaseFollower; preview?: ReleaseFollower } = {};
const follower = config.following
  ? contentFollower({ db: leads.db, workingDir: studio.contentDir, publishedDir: drafting ? publishedDir : undefined, cursorFile: config.following.cursorFile })
  : undefined;
const following = follower
  ? await follower
      .start({
        databaseUrl: config.following!.databaseUrl,
        notified: {
          // A new release or a new preview (decision 0178): each follower reads its pointer, one small GET.
          [releaseChannel]: () => {
            void heard.release?.check();
            void heard.preview?.check();
          },
        },
      })
      .catch((error: unknown) => {
        console.error(`The server cannot start: its content could not catch up with the content history: ${error instanceof Error ? error.message : error}`);
        process.exit(1);
      })
  : undefined;
// One publisher, elected among the instances on the database; the others do not build the public site.
const election = config.following && config.publishing ? electPublisher({ databaseUrl: config.following.databaseUrl }) : undefined;
await election?.started();
// Releases in the bucket (decision 0162): with DATABASE_URL and OBJECT_STORAGE_*, the publisher
// uploads each release it builds, then sends `NOTIFY release`; every instance serves the release
// the bucket's pointer names (at start, on the notification, every 30 s).
const releaseStorage = config.releaseBucket ? objectStorage(config.releaseBucket) : undefined;
// The site's and the preview's uploads (decision 0178) take turns: a sweep never runs beside the other's upload.
const uploadsInTurn = oneBuildAtATime();
const releaseUpload =
  releaseStorage && config.publishing
    ? releaseUploader({
        storage: releaseStorage,
        // Only while elected (a publisher that lost the lock mid-build swaps its build in here only).
        mayUpload: () => !election || election.isPublisher(),
        // Asked again of the lock's session just before the pointer is written (a lock lost mid-upload).
        ...(election ? { confirm: () => election.confirm() } : {}),
        inTurn: uploadsInTurn,
        uploaded: (pointer) => void announceRelease(leads.db, pointer.id).catch(() => {}),
      })
    : undefined;
// The preview's releases too (decision 0178): only the publisher builds the preview of a saved tree
// and uploads it under `previews/` with its own pointer; the other instances' preview follows it.
const previewUpload =
  releaseStorage && election && config.publishing?.previewReleasesDir
    ? releaseUploader({
        storage: releaseStorage,
        lane: "previews",
        mayUpload: () => election.isPublisher(),
        confirm: () => election.confirm(),
        inTurn: uploadsInTurn,
        uploaded: (pointer) => void announceRelease(leads.db, pointer.id).catch(() => {}),
      })
    : undefined;
if (election && !releaseStorage) {
  console.warn(
    "DATABASE_URL without OBJECT_STORAGE_*: one instance, elected, builds the public site, and only its machine serves new releases (the others serve what they served at start). Set OBJECT_STORAGE_* for several machines (deploy/README.md).",
  );
}
// The public queue builds the published tree; the preview, the working copy the studio writes.
const publishing = config.publishing
  ? startPublishing({
      site,
      contentDir: publishedDir,
      workingDir: studio.contentDir,
      projectDir: process.cwd(),
      ...config.publishing,
      ...(election ? { publisher: election, publishedChangedAtStart: (following?.written.published ?? 0) > 0 } : {}),
      ...(releaseUpload ? { released: releaseUpload.publish } : {}),
      ...(previewUpload ? { previewReleased: previewUpload.publish } : {}),
    })
  : undefined;
// A publisher's release from before (a restart, or a publish the bucket was down for) goes up when
// it is elected, unless the bucket has a newer one.
const startRelease = releaseOf(config.releasesDir, clientDir);
const isPublisher = () => !election || election.isPublisher();
if (releaseUpload && startRelease) {
  const uploadStartRelease = () =>
    void contentTreeHash(publishedDir).then(
      (tree) => releaseUpload.publish(join(config.releasesDir, startRelease), startRelease, tree, { ifNewer: true }),
      (error: unknown) => console.error("releases: reading the published tree failed:", error),
    );
  if (election) election.onElected(uploadStartRelease);
  else uploadStartRelease();
}
const releaseFollower = releaseStorage
  ? followReleases({
      storage: releaseStorage,
      releasesDir: config.releasesDir,
      site,
      // The publisher does not go back behind its own newest release; the others follow the pointer.
      ...(releaseUpload ? { ownNewest: () => (isPublisher() ? (releaseUpload.newest() ?? startRelease) : undefined) } : {}),
    })
  : undefined;
heard.release = releaseFollower;
// The others' preview shows the publisher's build of the working copy, swapped in as a release is.
const followedPreview = publishing?.preview;
const previewFollower =
  releaseStorage && previewUpload && followedPreview && config.publishing?.previewReleasesDir
    ? followReleases({
        storage: releaseStorage,
        lane: "previews",
        releasesDir: config.publishing.previewReleasesDir,
        site: {
          get current() {
            return followedPreview.current();
          },
          swap: (release, pointer) => followedPreview.follow(release, pointer),
        },
        // The publisher builds its own.
        paused: isPublisher,
      })
    : undefined;
heard.preview = previewFollower;
// The release the pointer names is taken before the first answer: `npm start` no longer builds the
// content's changes with a bucket (scripts/start-build.mjs, buildSources), so the build it chose may
// be older. The bucket down or slow: the start goes on after the failed read (15 s at most a request).
await releaseFollower?.started();
// Scheduled (and approved) publishes run at their time, once across instances; a missed one at this start, late.
const scheduledPublishing =
  drafting && studio.publishedContentDir
    ? startScheduledPublishing({
        db: leads.db,
        drafts: drafts({
          db: leads.db,
          entries: contentEntries(studio.config),
          contentDir: studio.contentDir,
          publishedDir: studio.publishedContentDir,
          ...(follower ? { follower } : {}),
        }),
      })
    : undefined;

// GitHub mode: a preview of one of the studio's branches, built on request from the desk's Changes to publish (decision 0159).
const branchPreview = config.branchPreviews
  ? createBranchPreview({
      releasesDir: config.branchPreviews.releasesDir,
      build: (contentDir) => siteBuilder({ projectDir: process.cwd(), releasesDir: config.branchPreviews!.releasesDir, contentDir })(),
    })
  : undefined;

const app = createApp({
  ...config.app,
  mail,
  site,
  staff,
  quotations: {
    db: leads.db,
    files,
    trustedProxies: config.staff.trustedProxies,
    mail: { from: mailAddresses(config.app.mail.addresses).from, sales: salesAddress },
  },
  studio: {
    ...studio,
    ...(follower ? { follower } : {}),
    publishState: publishing?.state,
    // The preview's builds and address for the studio's status and badge.
    ...(publishing?.preview
      ? {
          preview: {
            state: publishing.preview.state,
            url: previewAddress,
          },
        }
      : {}),
    ...(branchPreview
      ? {
          branchPreview: {
            preview: branchPreview,
            url: previewAddress,
          },
        }
      : {}),
  },
});
// Administrators are e-mailed 30 days before a certificate record's last valid day (decision 0078),
// through the same mail jobs and relay (which createApp has just made and given the desk).
const certificateReminders = startCertificateReminders({
  db: leads.db,
  site,
  from: mailAddresses(config.app.mail.addresses).from,
  kick: () => staff.mail?.relayNow(),
});

// Buyers' answers in the company's mailbox are threaded into their leads (decision 0106).
const mailbox = config.imap
  ? startImapReader({
      settings: config.imap,
      db: leads.db,
      notify: answerNotifier({ from: mailAddresses(config.app.mail.addresses).from, deskOrigin: () => site.current.siteUrl }),
      files,
      // The assignee's e-mail goes out at once through the app's relay (which app.ts wires to the desk).
      stored: () => staff.mail?.relayNow(),
    })
  : undefined;

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.hostname }, (info) => {
  listeningPort = info.port;
  console.log(`Serving ${clientDir} at http://localhost:${info.port}`);
  console.log(`Form submissions go to the leads database${mail.smtpUrl ? " and are relayed by SMTP" : " (SMTP_URL unset: not relayed)"}`);
  console.log(
    config.leads.objectStorage
      ? `Files of new leads go to the bucket ${config.leads.objectStorage.bucket} at ${config.leads.objectStorage.endpoint}`
      : "Files of leads are kept in the database (OBJECT_STORAGE_* unset)",
  );
  if (config.releaseBucket) {
    console.log(
      `Releases: ${releaseUpload ? "each release published here is uploaded to" : "following"} the pointer in the bucket ${config.releaseBucket.bucket}`,
    );
  }
  console.log(
    config.imap ? `Buyers' answers are read from ${config.imap.label}` : "Buyers' answers are not read (IMAP_URL unset): they stay in the company's mailbox",
  );
  console.log(`Staff desk at http://localhost:${info.port}/staff (${staffAccounts} account${staffAccounts === 1 ? "" : "s"})`);
  console.log(
    `Content studio at http://localhost:${info.port}/keystatic (${studio.storage.storage.kind} storage, ${
      staffAccounts > 0
        ? "signed-in editors and admins"
        : "this machine only until the first staff account: npm run staff:add -- --email you@example.com --role admin"
    })${publishing ? `; ${drafting ? `saves are drafts in ${studio.contentDir}, ` : ""}publishing on changes in ${publishedDir}` : ""}`,
  );
});

// The preview (decision 0159) on a port of its own, to signed-in editors and admins: local mode's
// of the working copy, or GitHub mode's of a studio branch; a server has one or the other.
function servePreview(origin: Parameters<typeof createPreviewOrigin>[0], what: string) {
  const listening = serve({ fetch: createPreviewOrigin(origin).fetch, port: config.previewPort, hostname: config.hostname }, (info) => {
    previewListeningPort = info.port;
    console.log(`${what} at http://localhost:${info.port} (signed-in editors and admins)`);
  });
  // A port already taken leaves the site without a preview, not without a server.
  listening.on("error", (error: Error) => console.error(`preview: cannot listen on port ${config.previewPort}: ${error.message}; no preview`));
  return listening;
}
const preview = publishing?.preview;
const publicOriginOfPreview = () => site.current.siteUrl ?? buyerOrigin();
const previewServer = preview
  ? servePreview(
      { site: () => preview.current(), followed: () => preview.state().followed, staff, publicOrigin: publicOriginOfPreview },
      `Preview of ${studio.contentDir}`,
    )
  : branchPreview
    ? servePreview(
        {
          site: () => branchPreview.current(),
          branch: () => branchPreview.shown()?.branch,
          notYet: staffText.preview.noBranchYet,
          staff,
          publicOrigin: publicOriginOfPreview,
        },
        "Previews of the studio's branches",
      )
    : undefined;

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    publishing?.stop();
    void following?.stop();
    void election?.stop();
    releaseUpload?.stop();
    releaseFollower?.stop();
    previewUpload?.stop();
    previewFollower?.stop();
    scheduledPublishing?.stop();
    retention.stop();
    digest.stop();
    quotationExpiry.stop();
    forgetServing(config.releasesDir);
    certificateReminders.stop();
    // The mailbox reader finishes the batch it is storing before the database closes.
    previewServer?.close();
    branchPreview?.close();
    server.close(() => void (mailbox?.stop() ?? Promise.resolve()).then(() => leads.close()).finally(() => process.exit(0)));
  });
}
