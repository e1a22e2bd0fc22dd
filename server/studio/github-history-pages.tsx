/** @jsxImportSource hono/jsx */
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { photoFormats } from "../../app/lib/contracts/photo-limits";
import { staffPaths } from "../../app/lib/contracts/staff-paths";
import { fileKindFromBytes } from "../platform/file-kind";
import { logLine } from "../platform/log-text";
import { readPostedForm } from "../platform/form-reader";
import type { RevisionEntry } from "../leads/content-history";
import { recordAudit } from "../staff/audit";
import type { StaffDesk } from "../staff/desk-context";
import { requireStaff, type StaffEnv } from "../staff/guard";
import { DataTable, PostButton, staffPage, staffText, UtcTime, type Problem } from "../staff/ui";
import type { ContentEntries } from "./content-entries";
import { entrySchemaProblem } from "./entry-schema";
import { GitHistoryError, type CommitFile, type ContentCommit, type GitHubHistory } from "./github-history";
import { FileChange, fileSchemaOf, type DiffFile } from "./history-diff";
import { entryQuery, historyQuery, HistoryFilters, OlderLink } from "./history-filters";
import type { StudioHistory } from "./studio";

// The desk's content history in GitHub mode (decision 0132): the commits of the default
// branch that changed content, read with the signed-in editor's GitHub token (Keystatic's cookie on
// this origin), each linked to its commit on GitHub; a commit's page with the same diff as local
// mode; "Restore this version" is a new commit, as the editor, pushed with her token.

const t = staffText.history;
const g = t.git;
const pageSize = 50;
/** Keystatic's cookie with the GitHub user access token of whoever signed in to GitHub in the studio. */
export const githubTokenCookie = "keystatic-gh-access-token";
const commitPath = (sha: string) => `${staffPaths.history}/commit/${sha}`;
const short = (sha: string) => sha.slice(0, 7);

/** Whether the bytes are text as the history shows it (UTF-8, no NUL); photos are not. */
const textOf = (bytes: Buffer | null) => {
  if (bytes === null || bytes.includes(0)) return null;
  const text = bytes.toString("utf8");
  return Buffer.from(text, "utf8").equals(bytes) ? text : null;
};

/** The entries a commit (or a branch) changed (photos' own folder belongs to none), labelled as the studio does. */
export function entriesOf(entries: ContentEntries, paths: readonly string[]): RevisionEntry[] {
  const found = new Map<string, RevisionEntry>();
  for (const path of paths) {
    const entry = entries.entryOf(path) ?? { kind: "files" as const, key: "media", slug: "" };
    found.set(`${entry.kind}:${entry.key}:${entry.slug}`, entry);
  }
  return [...found.values()];
}

/** Where a page that reads GitHub with the editor's token is: its title, the repository, the desk's menu item. */
type GitHubPage = { title: string; repoName: string; current: string };

/** The page when the editor's GitHub token is missing or refused, or GitHub cannot be reached: what to do, never a 500. */
export function cannotReadGitHub(c: Context<StaffEnv>, { title, repoName, current }: GitHubPage, problem?: GitHistoryError) {
  const staff = c.get("staff")!;
  const message = !problem ? g.signIn : problem.kind === "auth" ? g.refused : g.unreachable(problem.message);
  const body = (
    <>
      <p role={problem ? "alert" : undefined}>{message}</p>
      <p>
        <a href="/keystatic">{g.signInLink}</a>
      </p>
      <p>
        <a href={`https://github.com/${repoName}/commits`} target="_blank" rel="noopener noreferrer">
          {t.githubLink} <span class="new-tab">{g.newTab}</span>
        </a>
      </p>
    </>
  );
  if (problem) console.error(logLine`staff desk: ${new Date()} ${repoName} could not be read: ${problem.message}`);
  return c.html(staffPage({ title, staff, body, current }), !problem ? 200 : problem.kind === "auth" ? 200 : 503);
}

/** Runs `work` with the editor's GitHub token (Keystatic's cookie); GitHub's refusal or silence becomes the page above. */
export async function withGitHubToken(c: Context<StaffEnv>, page: GitHubPage, work: (token: string) => Promise<Response>) {
  const token = getCookie(c, githubTokenCookie);
  if (!token) return cannotReadGitHub(c, page);
  try {
    return await work(token);
  } catch (error) {
    if (error instanceof GitHistoryError) return cannotReadGitHub(c, page, error);
    throw error;
  }
}

export function mountGitHubHistory(desk: StaffDesk, history: StudioHistory, git: GitHubHistory) {
  const { app } = desk;
  const { entries } = history;
  const guard = requireStaff("admin", "editor");
  const repoName = `${git.repo.owner}/${git.repo.name}`;

  const CommitLink = ({ sha }: { sha: string }) => (
    <a href={git.commitUrl(sha)} target="_blank" rel="noopener noreferrer">
      {g.commitLink(short(sha))} <span class="new-tab">{g.newTab}</span>
    </a>
  );

  const cannotRead = (c: Context<StaffEnv>, title: string, problem?: GitHistoryError) =>
    cannotReadGitHub(c, { title, repoName, current: staffPaths.history }, problem);
  const withToken = (c: Context<StaffEnv>, title: string, work: (token: string) => Promise<Response>) =>
    withGitHubToken(c, { title, repoName, current: staffPaths.history }, work);

  app.get(staffPaths.history, guard, (c) =>
    withToken(c, t.title, async (token) => {
      const staff = c.get("staff")!;
      const { query, entry, from, until, problems } = historyQuery(c, "commits");
      const all = await git.commits(token);
      const people = [...new Set(all.map((commit) => commit.authorName))].sort((a, b) => a.localeCompare(b));
      const matching = all.filter(
        (commit) =>
          (!query.who || commit.authorName === query.who) &&
          (!from || commit.at >= from) &&
          (!until || commit.at < until) &&
          (!entry || entriesOf(entries, commit.paths).some((found) => found.kind === entry.kind && found.key === entry.key && found.slug === entry.slug)),
      );
      const before = c.req.query("before") ?? "";
      const start = /^[0-9a-f]{40}$/.test(before) ? matching.findIndex((commit) => commit.sha === before) + 1 : 0;
      const rows = matching.slice(start, start + pageSize);
      const keep = Object.fromEntries(Object.entries(query).filter(([, value]) => value));
      const older = start + pageSize < matching.length ? new URLSearchParams({ ...keep, before: rows[rows.length - 1]!.sha }).toString() : undefined;
      const title = entry ? t.entryTitle(entries.labelOf(entry)) : t.title;
      const body = (
        <>
          <p>{g.intro(repoName)}</p>
          <HistoryFilters query={query} entry={entry} people={people} />
          <DataTable
            caption={t.caption}
            empty={t.empty}
            rows={rows}
            columns={[
              {
                header: t.when,
                rowHeader: true,
                cell: (r: ContentCommit) => (
                  <a href={commitPath(r.sha)}>
                    <UtcTime at={r.at} />
                  </a>
                ),
              },
              { header: t.who, cell: (r: ContentCommit) => r.authorName },
              {
                header: t.entry,
                wraps: true,
                cell: (r: ContentCommit) => (
                  <ul>
                    {entriesOf(entries, r.paths).map((found) => (
                      <li>
                        <a href={`${staffPaths.history}?${entryQuery(found)}`}>{entries.labelOf(found)}</a>
                      </li>
                    ))}
                  </ul>
                ),
              },
              { header: g.message, wraps: true, cell: (r: ContentCommit) => r.subject },
              { header: g.commit, cell: (r: ContentCommit) => <CommitLink sha={r.sha} /> },
            ]}
          />
          <OlderLink query={older} />
        </>
      );
      return c.html(staffPage({ title, staff, body, current: staffPaths.history, problems }), problems.length ? 400 : 200);
    }),
  );

  /** A photo of a commit's page: the file as it was before the commit or after it, only a JPEG, PNG or WebP. */
  app.get(`${commitPath(":sha{[0-9a-f]{40}}")}/photo`, guard, async (c) => {
    if (!getCookie(c, githubTokenCookie)) return c.text("Not Found", 404);
    const path = c.req.query("path") ?? "";
    const side = c.req.query("side") === "before" ? "before" : "after";
    const bytes = await git.fileAt(c.req.param("sha")!, path, side).catch(() => undefined);
    const format = bytes ? await fileKindFromBytes(bytes, photoFormats) : undefined;
    if (!bytes || !format) return c.text("Not Found", 404);
    return c.body(new Uint8Array(bytes), 200, { "Content-Type": `image/${format}`, "X-Content-Type-Options": "nosniff", "Cache-Control": "private, no-store" });
  });

  const diffFile = (sha: string, file: CommitFile): DiffFile => {
    const beforeText = textOf(file.before);
    const afterText = textOf(file.after);
    const photo = (side: "before" | "after") => `${commitPath(sha)}/photo?${new URLSearchParams({ path: file.path, side })}`;
    return {
      path: file.path,
      beforeText,
      afterText,
      beforePhoto: file.before !== null && beforeText === null ? photo("before") : null,
      afterPhoto: file.after !== null && afterText === null ? photo("after") : null,
    };
  };

  const commitPage = (
    c: Context<StaffEnv>,
    sha: string,
    { problems, notice, status = 200 }: { problems?: Problem[]; notice?: string; status?: 200 | 409 | 422 | 503 } = {},
  ) =>
    withToken(c, g.commitTitle(short(sha)), async (token) => {
      const staff = c.get("staff")!;
      const found = await git.commit(token, sha);
      if (!found) return c.html(staffPage({ title: t.title, staff, body: <p>{g.notFound}</p> }), 404);
      const { commit, files } = found;
      const body = (
        <>
          <dl>
            <dt>{t.entry}</dt>
            <dd>
              <ul>
                {entriesOf(entries, commit.paths).map((entry) => (
                  <li>
                    <a href={`${staffPaths.history}?${entryQuery(entry)}`}>{entries.labelOf(entry)}</a>
                  </li>
                ))}
              </ul>
            </dd>
            <dt>{g.message}</dt>
            <dd>{commit.subject}</dd>
            <dt>{g.committedBy}</dt>
            <dd>{commit.authorEmail && commit.authorEmail !== commit.authorName ? `${commit.authorName} (${commit.authorEmail})` : commit.authorName}</dd>
            <dt>{g.committedAt}</dt>
            <dd>
              <UtcTime at={commit.at} />
            </dd>
            <dt>{g.commit}</dt>
            <dd>
              <CommitLink sha={commit.sha} />
            </dd>
          </dl>
          <h2>{t.changes}</h2>
          {files.map((file) => (
            <FileChange file={diffFile(commit.sha, file)} schema={fileSchemaOf(history, file.path)} />
          ))}
          {commit.parent ? (
            <section aria-labelledby="restore-title">
              <h2 id="restore-title">{t.restoreTitle}</h2>
              <p>{g.restoreIntro}</p>
              <PostButton action={`${commitPath(commit.sha)}/restore`} variant="primary">
                {t.restore}
              </PostButton>
            </section>
          ) : null}
        </>
      );
      return c.html(staffPage({ title: g.commitTitle(short(commit.sha)), staff, body, current: staffPaths.history, problems, notice }), status);
    });

  app.get(commitPath(":sha{[0-9a-f]{40}}"), guard, (c) => {
    const restored = c.req.query("restored") ?? "";
    const notice = /^[0-9a-f]{40}$/.test(restored) ? g.restored(short(restored)) : c.req.query("notice") === "nothing" ? t.nothingToRestore : undefined;
    return commitPage(c, c.req.param("sha")!, { notice });
  });

  app.post(`${commitPath(":sha{[0-9a-f]{40}}")}/restore`, guard, async (c) => {
    await readPostedForm(c);
    const staff = c.get("staff")!;
    const sha = c.req.param("sha")!;
    const token = getCookie(c, githubTokenCookie);
    if (!token) return commitPage(c, sha);
    let labels = "";
    try {
      const result = await git.restore(
        token,
        sha,
        { name: staff.name || staff.email, email: staff.email },
        (commit) => {
          labels = entriesOf(entries, commit.paths)
            .map((entry) => entries.labelOf(entry))
            .join(", ");
          return `${g.restoreMessage(labels, short(commit.parent ?? commit.sha))}\n\nThe files of ${short(commit.sha)} as they were before it, restored by ${staff.name || staff.email} in the staff desk.\n`;
        },
        async (restored, filesIn) => {
          const touched = entriesOf(
            entries,
            restored.map((file) => file.path),
          );
          for (const entry of touched) {
            const problem = await entrySchemaProblem({ config: history.config, entries, entry, restored, filesIn });
            if (problem) return problem;
          }
          return undefined;
        },
      );
      if (result.outcome === "missing") return commitPage(c, sha);
      if (result.outcome === "first") return commitPage(c, sha, { problems: [{ message: t.refusedSave(g.first) }], status: 422 });
      if (result.outcome === "refused") return commitPage(c, sha, { problems: [{ message: t.refused(result.reason) }], status: 422 });
      if (result.outcome === "nothing") return c.redirect(`${commitPath(sha)}?notice=nothing`, 303);
      const db = history.db ?? desk.db;
      await recordAudit(db, {
        actor: { id: staff.id, email: staff.email },
        action: "content.restore",
        target: `commit:${result.sha}`,
        detail: { entry: labels, restoredFrom: sha, commit: git.commitUrl(result.sha) },
      }).catch((error: unknown) =>
        console.error(
          logLine`staff desk: ${new Date()} the restore commit ${result.sha} is on GitHub but its audit entry could not be stored: ${String(error)}`,
        ),
      );
      return c.redirect(`${commitPath(result.sha)}?restored=${result.sha}`, 303);
    } catch (error) {
      if (!(error instanceof GitHistoryError)) throw error;
      if (error.kind === "auth") return cannotRead(c, g.commitTitle(short(sha)), error);
      const message = error.kind === "moved" ? g.moved : g.failed(error.message);
      console.error(logLine`staff desk: ${new Date()} a restore of ${sha} in ${repoName} failed: ${error.message}`);
      return commitPage(c, sha, { problems: [{ message }], status: error.kind === "moved" ? 409 : 503 });
    }
  });
}
