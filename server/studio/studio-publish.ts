import type { Context, Hono } from "hono";
import type { DraftedEntryStatus, StudioPublishAnswer, StudioStatus } from "../../app/lib/contracts/publish-state";
import type { Database } from "../db/db";
import type { RevisionActor, RevisionEntry } from "../leads/content-history";
import { clientOf, type ProxyTrust } from "../platform/client-address";
import { readPostedForm, textField } from "../platform/form-reader";
import type { PublishState } from "../publish/publish-queue";
import { recordAudit } from "../staff/audit";
import { sameOriginOnly } from "../staff/guard";
import { staffText } from "../staff/ui/text";
import type { StudioAccessVariables } from "./access";
import { thisMachine } from "./content-saves";
import { entryKey, type DraftedEntry, type Drafts } from "./drafts";
import { publishNeedsApproval, requestPublish } from "./publish-requests";

// The studio says where a save went, and publishes from the same screen (decision 0159): its status
// (/keystatic/status.json) adds the drafted entries and the preview's builds, and POST
// /keystatic/publish publishes the entry on screen (or all drafted ones) through drafts.ts, as the
// desk's "Changes to publish" does: audited by its revision, or, with approvals on and an editor
// asking, a request waiting for an administrator (publish-requests.ts), audited as the desk's is.

const t = staffText.publish;

/** The path of the studio's own status as JSON, and of its publish. */
export const studioPublishPath = "/keystatic/publish";

/** The preview as the studio reports it: its builds, and its address as this request reaches the server. */
export type StudioPreview = {
  state: () => PublishState;
  /** The preview's home for a request to the studio at `url` (same host, the preview's port); undefined before it listens. */
  url: (url: URL) => string | undefined;
};

/** Keystatic's screen of an entry (local mode): to tell which drafted entry the editor is looking at. */
function studioScreen(entry: RevisionEntry): string | undefined {
  if (entry.kind === "singleton") return `/keystatic/singleton/${encodeURIComponent(entry.key)}`;
  if (entry.kind === "collection")
    return `/keystatic/collection/${encodeURIComponent(entry.key)}/item/${entry.slug.split("/").map(encodeURIComponent).join("/")}`;
  return undefined;
}

const asStatus = (item: DraftedEntry): DraftedEntryStatus => {
  const screen = studioScreen(item.entry);
  return { key: entryKey(item.entry), label: item.label, ...(screen ? { screen } : {}) };
};

type StudioEnv = { Variables: { contentSecurityPolicy?: string } & StudioAccessVariables };

/** The status the badge polls: the public queue's, and with drafts the drafted entries and the preview's builds. */
export async function studioStatus(
  c: Context<StudioEnv>,
  { publishState, drafts, db, preview }: { publishState?: () => PublishState; drafts?: Drafts; db?: Database; preview?: StudioPreview },
): Promise<StudioStatus | { phase: "off" }> {
  if (!publishState) return { phase: "off" };
  const status: StudioStatus = publishState();
  if (drafts && db) {
    const [drafted, approval] = await Promise.all([drafts.list(), publishNeedsApproval(db, c.get("studioUser")?.role)]);
    status.drafts = { entries: drafted.map(asStatus), publishUrl: studioPublishPath, needsApproval: approval };
  }
  if (preview) {
    const url = preview.url(new URL(c.req.url));
    status.preview = { ...preview.state(), ...(url ? { url } : {}) };
  }
  return status;
}

/**
 * POST /keystatic/publish (form: `entry` keys, or `all=1`): the studio's guard has let in a
 * signed-in editor or admin (or this machine before any account); a post from another site is
 * refused here too, as the desk refuses one, since the guard checks it only once accounts exist.
 */
export function mountStudioPublish(app: Hono<StudioEnv>, { drafts, db, trustedProxies }: { drafts: Drafts; db: Database; trustedProxies?: ProxyTrust }) {
  const answer = (c: Context, status: 200 | 400 | 409 | 503, body: StudioPublishAnswer) => c.json(body, status, { "Cache-Control": "no-store" });
  app.post(studioPublishPath, sameOriginOnly() as never, async (c) => {
    const form = await readPostedForm(c);
    if (!form) return answer(c, 400, { outcome: "refused", message: t.badRequest });
    const user = c.get("studioUser");
    const actor: RevisionActor = user ? { id: user.id, name: user.name || user.email, email: user.email } : thisMachine;
    const drafted = await drafts.list();
    const byKey = new Map(drafted.map((item) => [entryKey(item.entry), item]));
    const all = textField(form, "all") === "1";
    const keys = form.getAll("entry").filter((value): value is string => typeof value === "string");
    const chosen = all ? drafted : keys.map((key) => byKey.get(key));
    if (chosen.length === 0) return answer(c, all ? 409 : 400, { outcome: "refused", message: all ? t.none : t.noneTicked });
    if (chosen.some((item) => !item)) return answer(c, 409, { outcome: "refused", message: t.gone });
    const entries = (chosen as DraftedEntry[]).map((item) => item.entry);
    const labels = (chosen as DraftedEntry[]).map((item) => item.label);

    if (await publishNeedsApproval(db, user?.role)) {
      const request = await requestPublish(db, { entries, runAt: null, actor, needsApproval: true });
      await recordAudit(db, {
        actor: user!,
        action: "content.publish-request",
        target: `publish-request:${request.id}`,
        detail: { entries: labels, from: "studio" },
        ip: clientOf(c, trustedProxies).address,
      });
      return answer(c, 200, { outcome: "requested", message: t.requested });
    }
    const outcome = await drafts.publish(entries, actor);
    if (!outcome.ok) return answer(c, 503, { outcome: "refused", message: t.failed(outcome.reason) });
    if (!outcome.revision) return answer(c, 200, { outcome: "nothing", message: t.nothing });
    return answer(c, 200, { outcome: "published", message: t.published(outcome.entries.length) });
  });
}
