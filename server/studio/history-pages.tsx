/** @jsxImportSource hono/jsx */
import type { Context } from "hono";
import { photoFormats } from "../../app/lib/contracts/photo-limits";
import { fileKindFromBytes, formatSniffBytes, peek } from "../platform/file-kind";
import { staffPaths } from "../../app/lib/contracts/staff-paths";
import { FileMissing } from "../leads/files";
import { ObjectStorageError } from "../platform/object-storage";
import { listRevisions, openBlob, readRevision, revisionActors, type RevisionEntry, type RevisionRow } from "../leads/content-history";
import { ContentHashMismatch } from "../publish/published-tree";
import { readPostedForm, textField } from "../platform/form-reader";
import type { StaffDesk } from "../staff/desk-context";
import { requireStaff, type StaffEnv } from "../staff/guard";
import { DataTable, PostButton, staffPage, staffText, UtcTime, type Problem } from "../staff/ui";
import { KeptPhotoUnwritten, type KeptPhoto, type SaveBody, type SaveOutcome } from "./content-saves";
import { entryKey, type DraftedEntry } from "./drafts";
import { mountGitHubHistory } from "./github-history-pages";
import { FileChange, fileSchemaOf } from "./history-diff";
import { entryQuery, historyQuery, HistoryFilters, OlderLink } from "./history-filters";
import type { StudioHistory } from "./studio";

// The content history in the staff desk (decisions 0093–0097): every studio save, newest
// first, for the whole site or one entry, filtered by person and date; a save's page with a diff of
// its text files and its photos before and after; "Restore this version" writes the files as they
// were before the save back through the studio's own save (content-saves.ts). Editors and admins.

const t = staffText.history;

/** Why a restore's photo could not be copied from the history (decision 0177), for its page; undefined: not such a failure. */
function photoRefusal(error: unknown, path: string): { problems: Problem[]; status: 422 | 503 } | undefined {
  if (error instanceof ObjectStorageError) return { problems: [{ message: t.photosUnavailable }], status: 503 };
  if (error instanceof FileMissing) return { problems: [{ message: t.refusedSave(t.photoGone(path)) }], status: 422 };
  if (error instanceof ContentHashMismatch) return { problems: [{ message: t.refusedSave(t.photoAltered(path)) }], status: 422 };
  return undefined;
}
const pageSize = 50;

const revisionQuery = (revision: Pick<RevisionRow, "entryKind" | "entryKey" | "entrySlug">) =>
  entryQuery({ kind: revision.entryKind as RevisionEntry["kind"], key: revision.entryKey, slug: revision.entrySlug });

function githubRepo(history: StudioHistory): string | undefined {
  const storage = history.github;
  return storage && storage.kind === "github" ? `${storage.repo.owner}/${storage.repo.name}` : undefined;
}

/** The desk's pages of the content history, on the desk's own app (its session loader and CSRF check). */
export function mountContentHistory(desk: StaffDesk, history: StudioHistory) {
  const { app } = desk;
  const db = history.db ?? desk.db;
  const labelOf = (revision: RevisionRow) =>
    history.entries.labelOf({ kind: revision.entryKind as "singleton" | "collection" | "files", key: revision.entryKey, slug: revision.entrySlug });
  const guard = requireStaff("admin", "editor");
  if (history.git) return mountGitHubHistory(desk, history, history.git);

  app.get(staffPaths.history, guard, async (c) => {
    const staff = c.get("staff")!;
    const repo = githubRepo(history);
    if (repo) {
      const body = (
        <>
          <p>{t.github(repo)}</p>
          <p>
            <a href={`https://github.com/${repo}/commits`} target="_blank" rel="noopener noreferrer">
              {t.githubLink}
            </a>
          </p>
        </>
      );
      return c.html(staffPage({ title: t.title, staff, body, current: staffPaths.history }));
    }
    const { query, entry, from, until, before, problems } = historyQuery(c, "revisions");
    const [rows, actors] = await Promise.all([
      problems.length
        ? []
        : listRevisions(db, {
            entry: entry ? { key: entry.key, slug: entry.slug } : undefined,
            actor: query.who || undefined,
            from,
            to: until,
            before,
            limit: pageSize,
          }),
      revisionActors(db),
    ]);
    const keep = Object.fromEntries(Object.entries(query).filter(([, value]) => value));
    const older = rows.length === pageSize ? new URLSearchParams({ ...keep, before: String(rows[rows.length - 1]!.id) }).toString() : undefined;
    const title = entry ? t.entryTitle(history.entries.labelOf({ kind: entry.kind as "singleton" | "collection", key: entry.key, slug: entry.slug })) : t.title;
    const body = (
      <>
        <p>{t.intro}</p>
        <HistoryFilters query={query} entry={entry} people={actors} />
        <DataTable
          caption={t.caption}
          empty={t.empty}
          rows={rows}
          columns={[
            {
              header: t.when,
              rowHeader: true,
              cell: (r) => (
                <a href={`${staffPaths.history}/${r.id}`}>
                  <UtcTime at={r.at} />
                </a>
              ),
            },
            { header: t.who, cell: (r) => r.actorName },
            { header: t.entry, wraps: true, cell: (r) => <a href={`${staffPaths.history}?${revisionQuery(r)}`}>{labelOf(r)}</a> },
            { header: t.what, cell: (r) => t.actions[r.action] ?? r.action },
            { header: t.files, cell: (r) => String(r.fileCount) },
          ]}
        />
        <OlderLink query={older} />
      </>
    );
    return c.html(staffPage({ title, staff, body, current: staffPaths.history, problems }), problems.length ? 400 : 200);
  });

  /** A photo's bytes as the history keeps them (thumbnails on a save's page): only a JPEG, PNG or WebP. */
  app.get(`${staffPaths.history}/photos/:sha{[0-9a-f]{64}}`, guard, async (c) => {
    const sha = c.req.param("sha");
    // A photo in the bucket (decision 0161): its bucket down, 503; its object gone, as a photo not kept.
    let opened: Awaited<ReturnType<typeof openBlob>>;
    try {
      opened = await openBlob(db, sha);
    } catch (error) {
      if (error instanceof ObjectStorageError) return c.text(t.photosUnavailable, 503, { "Retry-After": "60" });
      if (!(error instanceof FileMissing)) throw error;
    }
    if (!opened) return c.text("Not Found", 404);
    // Streamed (decision 0161, "Refined: photos streamed"): its format read from its first bytes, the rest passed on as the bucket sends it.
    const { head, body } = await peek(opened.body, formatSniffBytes);
    const format = await fileKindFromBytes(head, photoFormats);
    if (!format) {
      await body.cancel();
      return c.text("Not Found", 404);
    }
    return c.body(body, 200, { "Content-Type": `image/${format}`, "Content-Length": String(opened.size), "X-Content-Type-Options": "nosniff" });
  });

  /**
   * The drafted entries a restore of these files would write over (decision 0159: an editor's draft
   * and a restore never overwrite each other unsaid), and their versions as one string the restore
   * form carries: a restore is refused when the drafts are not the ones its page showed.
   */
  const draftsUnder = async (paths: readonly string[]): Promise<{ items: DraftedEntry[]; version: string }> => {
    if (!history.drafts) return { items: [], version: "" };
    const wanted = new Set(paths);
    const items = (await history.drafts.list()).filter((item) => item.files.some((file) => wanted.has(file.path)));
    return { items, version: items.map((item) => `${entryKey(item.entry)} ${item.version}`).join(",") };
  };

  const revisionPage = async (
    c: Context<StaffEnv>,
    id: number,
    { problems, notice, status = 200 }: { problems?: Problem[]; notice?: string; status?: 200 | 409 | 422 | 503 } = {},
  ) => {
    const staff = c.get("staff")!;
    const found = Number.isSafeInteger(id) && id > 0 ? await readRevision(db, id) : undefined;
    if (!found) return c.html(staffPage({ title: t.title, staff, body: <p>{t.notKept}</p> }), 404);
    const { revision, files } = found;
    const under = revision.action === "publish" ? { items: [], version: "" } : await draftsUnder(files.map((file) => file.path));
    const body = (
      <>
        <dl>
          <dt>{t.entry}</dt>
          <dd>
            <a href={`${staffPaths.history}?${revisionQuery(revision)}`}>{labelOf(revision)}</a>
          </dd>
          <dt>{t.what}</dt>
          <dd>{t.actions[revision.action] ?? revision.action}</dd>
          <dt>{t.savedBy}</dt>
          <dd>{revision.actorEmail && revision.actorEmail !== revision.actorName ? `${revision.actorName} (${revision.actorEmail})` : revision.actorName}</dd>
          <dt>{t.savedAt}</dt>
          <dd>
            <UtcTime at={revision.at} />
          </dd>
          {revision.restoredFrom ? (
            <>
              <dt>{t.restoredFrom}</dt>
              <dd>
                <a href={`${staffPaths.history}/${revision.restoredFrom}`}>#{revision.restoredFrom}</a>
              </dd>
            </>
          ) : null}
        </dl>
        <h2>{t.changes}</h2>
        {files.map((file) => (
          <FileChange
            schema={fileSchemaOf(history, file.path)}
            file={{
              ...file,
              beforePhoto: file.beforeBlob ? `${staffPaths.history}/photos/${file.beforeBlob}` : null,
              afterPhoto: file.afterBlob ? `${staffPaths.history}/photos/${file.afterBlob}` : null,
            }}
          />
        ))}
        {history.saves ? (
          <section aria-labelledby="restore-title">
            <h2 id="restore-title">{t.restoreTitle}</h2>
            <p>{revision.action === "publish" ? t.restorePublishIntro : history.drafts ? t.restoreDraftIntro : t.restoreIntro}</p>
            {under.items.length ? (
              <>
                <p>
                  <strong>{t.restoreOverDraft(under.items.map((item) => item.label).join(", "))}</strong>
                </p>
                <ul>
                  {under.items.map((item) =>
                    item.entry.kind !== "files" ? (
                      <li>
                        <a href={`${staffPaths.history}?${entryQuery(item.entry)}`}>{t.draftHistoryLink(item.label)}</a>
                      </li>
                    ) : null,
                  )}
                </ul>
              </>
            ) : null}
            <PostButton action={`${staffPaths.history}/${revision.id}/restore`} variant="primary" fields={{ drafts: under.version }}>
              {under.items.length ? t.restoreOverDraftButton : t.restore}
            </PostButton>
          </section>
        ) : null}
      </>
    );
    return c.html(staffPage({ title: t.revisionTitle(revision.id), staff, body, current: staffPaths.history, problems, notice }), status);
  };

  app.get(`${staffPaths.history}/:id{[0-9]+}`, guard, (c) => {
    const notice = { restored: t.restored, "restored-draft": t.restoredDraft, nothing: t.nothingToRestore }[c.req.query("notice") ?? ""];
    return revisionPage(c, Number(c.req.param("id")), { notice });
  });

  app.post(`${staffPaths.history}/:id{[0-9]+}/restore`, guard, async (c) => {
    const form = await readPostedForm(c);
    const staff = c.get("staff")!;
    const id = Number(c.req.param("id"));
    const found = Number.isSafeInteger(id) ? await readRevision(db, id) : undefined;
    if (!found) return revisionPage(c, id);
    const saves = history.saves;
    if (!saves) return revisionPage(c, id, { problems: [{ message: t.unavailable }], status: 422 });
    const { revision, files } = found;
    const entry = { kind: revision.entryKind as "singleton" | "collection" | "files", key: revision.entryKey, slug: revision.entrySlug };
    const actor = { id: staff.id, name: staff.name || staff.email, email: staff.email };
    if (revision.action === "publish") {
      // A publish wrote the published tree (decision 0159): its restore puts the published files back
      // as they were before it (an unpublish); the working copy keeps its drafts.
      const restored = files.map((file) =>
        file.beforeBlob
          ? { path: file.path, sha256: file.beforeBlob }
          : { path: file.path, bytes: file.beforeText !== null ? Buffer.from(file.beforeText, "utf8") : null },
      );
      let outcome: Awaited<ReturnType<NonNullable<StudioHistory["drafts"]>["restorePublished"]>> | undefined;
      try {
        outcome = history.drafts ? await history.drafts.restorePublished({ id: revision.id, entry }, restored, actor) : undefined;
      } catch (error) {
        const refusal = error instanceof KeptPhotoUnwritten ? photoRefusal(error.cause, error.path) : undefined;
        if (!refusal) throw error;
        return revisionPage(c, id, refusal);
      }
      if (!outcome) return revisionPage(c, id, { problems: [{ message: t.unavailable }], status: 422 });
      if (!outcome.ok) return revisionPage(c, id, { problems: [{ message: t.refusedSave(outcome.reason) }], status: 503 });
      if (!outcome.revision) return c.redirect(`${staffPaths.history}/${id}?notice=nothing`, 303);
      return c.redirect(`${staffPaths.history}/${outcome.revision.id}?notice=restored`, 303);
    }
    // A restore writes the working copy: refused (409, nothing written) when it would replace drafts
    // other than those its page showed and the editor confirmed by posting it (decision 0159).
    const under = await draftsUnder(files.map((file) => file.path));
    if (under.version !== ((form && textField(form, "drafts")) ?? "")) {
      const labels = under.items.map((item) => item.label).join(", ");
      return revisionPage(c, id, { problems: [{ message: labels ? t.restoreDraftChanged(labels) : t.restoreDraftGone }], status: 409 });
    }
    // The text files go in the save's body; each photo is named by its hash, and the save copies it
    // from the history by reference, streamed into its file (decision 0177): never whole in a body.
    const restored: Array<{ path: string; bytes: Buffer | null }> = [];
    const kept: KeptPhoto[] = [];
    for (const file of files) {
      if (file.beforeBlob) kept.push({ path: file.path, sha256: file.beforeBlob });
      else restored.push({ path: file.path, bytes: file.beforeText !== null ? Buffer.from(file.beforeText, "utf8") : null });
    }
    const problem = await saves.schemaProblem(entry, restored, kept);
    if (problem) return revisionPage(c, id, { problems: [{ message: t.refused(problem) }], status: 422 });
    const body: SaveBody = {
      additions: restored.filter((file) => file.bytes !== null).map((file) => ({ path: file.path, contents: file.bytes!.toString("base64url") })),
      deletions: restored.filter((file) => file.bytes === null).map((file) => ({ path: file.path })),
    };
    let outcome: SaveOutcome;
    try {
      outcome = await saves.save(
        body,
        { url: new URL("/api/keystatic/update", c.req.url).toString(), headers: { "no-cors": "1", "content-type": "application/json" } },
        actor,
        revision.id,
        kept,
      );
    } catch (error) {
      // A photo that could not be copied: nothing was written (the save put its files back and dropped its revision).
      const refusal = error instanceof KeptPhotoUnwritten ? photoRefusal(error.cause, error.path) : undefined;
      if (!refusal) throw error;
      return revisionPage(c, id, refusal);
    }
    if (!outcome.ok) return revisionPage(c, id, { problems: [{ message: t.refusedSave(outcome.reason) }], status: outcome.status === 503 ? 503 : 422 });
    if (!outcome.revision) return c.redirect(`${staffPaths.history}/${id}?notice=nothing`, 303);
    return c.redirect(`${staffPaths.history}/${outcome.revision.id}?notice=${history.drafts ? "restored-draft" : "restored"}`, 303);
  });
}
