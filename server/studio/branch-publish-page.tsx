/** @jsxImportSource hono/jsx */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { staffPaths } from "../../app/lib/contracts/staff-paths";
import type { StudioStorage } from "../../studio/storage";
import { readPostedForm, textField } from "../platform/form-reader";
import { logLine } from "../platform/log-text";
import { removeExport, type BranchPreviewRun } from "../publish/branch-preview";
import { recordAudit } from "../staff/audit";
import type { StaffDesk } from "../staff/desk-context";
import { requireStaff, type StaffEnv } from "../staff/guard";
import { DataTable, PostButton, staffPage, staffText, UtcTime, type Problem } from "../staff/ui";
import { entriesOf, githubTokenCookie, withGitHubToken } from "./github-history-pages";
import type { ContentBranch, GitHubHistory } from "./github-history";
import type { StudioHistory } from "./studio";

// GitHub mode's "Changes to publish" (decision 0159): the studio's branches (Keystatic's branch
// prefix; every branch without one) ahead of the default branch and changing content, each with its
// last save, the entries it changes, its comparison on GitHub (where publishing is a merge of its
// pull request) and "Build a preview": the branch's content exported from the repository's copy and
// built on this server, shown on the preview origin with the bar naming the branch. Read and fetched
// with the editor's own GitHub token (decision 0132). Editors and admins; a preview request audited.

const t = staffText.publish;
const b = t.branches;
const newTab = staffText.history.git.newTab;
const path = staffPaths.publish;
const previewPath = `${path}/preview`;
const short = (sha: string) => sha.slice(0, 7);

function PreviewState({ run, shown, url }: { run?: BranchPreviewRun; shown?: { branch: string; sha: string; builtAt: string }; url?: string }) {
  const ready = shown ? (
    <p>
      {b.shows(shown.branch, short(shown.sha))} <UtcTime at={new Date(shown.builtAt)} />.{" "}
      {url ? (
        <a href={url} target="_blank" rel="noopener noreferrer">
          {b.open} <span class="new-tab">{newTab}</span>
        </a>
      ) : null}
    </p>
  ) : null;
  const now =
    run?.phase === "waiting" ? (
      <p role="status">{b.waiting(run.branch, short(run.sha), run.requestedBy)}</p>
    ) : run?.phase === "building" ? (
      <p role="status">{b.building(run.branch, short(run.sha), run.requestedBy)}</p>
    ) : run?.phase === "failed" ? (
      <>
        <p role="alert">{b.failed(run.branch, short(run.sha), run.reason ?? "")}</p>
        {run.output ? (
          <details>
            <summary>{b.output}</summary>
            <pre>{run.output}</pre>
          </details>
        ) : null}
      </>
    ) : null;
  return (
    <section aria-labelledby="preview-title">
      <h2 id="preview-title">{b.previewTitle}</h2>
      <p class="hint">{b.previewHint}</p>
      {now}
      {ready ?? (now ? null : <p>{b.none}</p>)}
    </section>
  );
}

/** GET /staff/publish and POST /staff/publish/preview in GitHub mode, on the desk's app (its session and CSRF check). */
export function mountBranchPublishPage(desk: StaffDesk, history: StudioHistory, git: GitHubHistory, storage: StudioStorage) {
  const { app } = desk;
  const guard = requireStaff("admin", "editor");
  const repoName = `${git.repo.owner}/${git.repo.name}`;
  const branchPrefix = storage.kind === "github" ? (storage.branchPrefix ?? "") : "";
  const preview = history.branchPreview;

  const show = (c: Context<StaffEnv>, { problems = [], notice, status = 200 }: { problems?: Problem[]; notice?: string; status?: 200 | 400 } = {}) =>
    withGitHubToken(c, { title: t.title, repoName, current: path }, async (token) => {
      const staff = c.get("staff")!;
      const branches = await git.branches(token, branchPrefix);
      const main = git.defaultBranch() ?? "main";
      const body = (
        <>
          <p>{b.intro(repoName, main)}</p>
          {preview ? (
            <PreviewState run={preview.preview.latest()} shown={preview.preview.shown()} url={preview.url(new URL(c.req.url))} />
          ) : (
            <p>{b.noPreview}</p>
          )}
          <DataTable
            caption={b.caption}
            empty={b.empty(main)}
            rows={branches}
            columns={[
              { header: b.branch, rowHeader: true, cell: (r: ContentBranch) => <code>{r.name}</code> },
              {
                header: b.last,
                cell: (r: ContentBranch) => (
                  <>
                    <UtcTime at={r.at} /> {b.by(r.authorName)}
                  </>
                ),
              },
              {
                header: b.entries,
                wraps: true,
                cell: (r: ContentBranch) => (
                  <ul>
                    {entriesOf(history.entries, r.paths).map((entry) => (
                      <li>{history.entries.labelOf(entry)}</li>
                    ))}
                  </ul>
                ),
              },
              {
                header: b.github,
                wraps: true,
                cell: (r: ContentBranch) => (
                  <a href={git.compareUrl(r.name)} target="_blank" rel="noopener noreferrer">
                    {b.compare(r.name)} <span class="new-tab">{newTab}</span>
                  </a>
                ),
              },
              ...(preview
                ? [
                    {
                      header: b.preview,
                      cell: (r: ContentBranch) => (
                        <PostButton action={previewPath} fields={{ branch: r.name }} label={b.buildLabel(r.name)}>
                          {b.build}
                        </PostButton>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </>
      );
      return c.html(staffPage({ title: t.title, staff, body, current: path, problems, notice }), status);
    });

  app.get(path, guard, (c) => show(c, { notice: c.req.query("asked") ? b.asked(c.req.query("asked")!) : undefined }));

  app.post(previewPath, guard, async (c) => {
    const form = await readPostedForm(c);
    if (!preview) return c.text("Not Found", 404);
    if (!form) return c.text(t.badRequest, 400);
    const staff = c.get("staff")!;
    const name = textField(form, "branch");
    const token = getCookie(c, githubTokenCookie);
    if (!token) return show(c);
    return withGitHubToken(c, { title: t.title, repoName, current: path }, async () => {
      // Only a branch the page lists: the studio's, ahead of the default branch, changing content.
      const listed = (await git.branches(token, branchPrefix)).find((branch) => branch.name === name);
      const refused = () => show(c, { problems: [{ message: b.unknown }], status: 400 });
      if (!listed) return refused();
      const folder = await mkdtemp(join(tmpdir(), "ssl-branch-preview-"));
      const sha = await git.exportBranch(token, listed.name, folder).catch(async (error: unknown) => {
        await rm(folder, { recursive: true, force: true });
        throw error;
      });
      if (!sha) {
        await rm(folder, { recursive: true, force: true });
        return refused();
      }
      const requestedBy = staff.name || staff.email;
      preview.preview.request({ branch: listed.name, sha, requestedBy, contentDir: join(folder, "content"), cleanup: removeExport(folder) });
      await recordAudit(desk.db, {
        actor: { id: staff.id, email: staff.email },
        action: "content.branch-preview",
        target: `branch:${listed.name}`,
        detail: { commit: sha },
        ip: desk.clientAddress(c),
      }).catch((error: unknown) => console.error(logLine`staff desk: ${new Date()} a branch preview's audit entry could not be stored: ${String(error)}`));
      return c.redirect(`${path}?${new URLSearchParams({ asked: listed.name })}`, 303);
    });
  });
}
