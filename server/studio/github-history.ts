import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { FilesIn } from "./entry-schema";

// The content history in GitHub mode (decision 0132): every studio save is a commit,
// made from the browser with the editor's own GitHub token. This server keeps a bare copy of the
// repository (DATA_DIR/content-history.git) and reads and writes it with the `git` command, always
// with the signed-in editor's token (Keystatic's `keystatic-gh-access-token` cookie): the list of
// commits, a commit's files before and after, and Restore, a new commit pushed to the branch.
// The token goes to git in its environment (an `http.extraHeader`), never on a command line, in a
// URL, in .git/config or in a log line.

/** A commit of the branch that changed content: paths relative to the API's base folder (the config's content/… paths). */
export type ContentCommit = { sha: string; parent: string | null; authorName: string; authorEmail: string; at: Date; subject: string; paths: string[] };

/** A file a commit changed, as it was before (its first parent) and after. */
export type CommitFile = { path: string; before: Buffer | null; after: Buffer | null };

/** A branch with changes not yet on the default branch (GitHub mode's draft, decision 0159). */
export type ContentBranch = { name: string; sha: string; ahead: number; authorName: string; authorEmail: string; at: Date; paths: string[] };

/** A branch name in a GitHub address: each part encoded, its slashes kept. */
const encodePath = (name: string) => name.split("/").map(encodeURIComponent).join("/");

export type GitActor = { name: string; email: string };

/** Why git failed, in words for the desk: "auth" (GitHub refused the token), "moved" (the branch changed twice under a restore), "failed". */
export class GitHistoryError extends Error {
  constructor(
    readonly kind: "auth" | "moved" | "failed",
    message: string,
    /** All git said on stderr. */
    readonly said = message,
  ) {
    super(message);
  }
}

export type GitHubHistoryOptions = {
  repo: { owner: string; name: string };
  /** KEYSTATIC_GITHUB_PATH_PREFIX: the project's folder in the repository. */
  pathPrefix?: string;
  /** The repository's git address (KEYSTATIC_GITHUB_GIT_URL; default https://github.com/<owner>/<name>.git). */
  gitUrl?: string;
  /** This server's bare copy of the repository (created on first use). */
  cloneDir: string;
  /** Whether a path (relative to the API's base folder) is content the studio owns. */
  owns: (path: string) => boolean;
};

const zeroSha = "0".repeat(40);

/** The environment git runs in: no prompts, no user or system config, the token (if any) as an HTTP header. */
function gitEnvironment(token: string | undefined, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    // Where to find git, not a setting of ours: the one variable of the server's own environment git gets.
    // eslint-disable-next-line no-restricted-properties -- see above
    PATH: process.env.PATH,
    LANG: "C",
    GIT_TERMINAL_PROMPT: "0",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    ...extra,
  };
  if (token) {
    // GitHub takes a user access token (an OAuth token) as the password of HTTPS git; the header is
    // git's own config, given through the environment (readable by this user only), not argv.
    env.GIT_CONFIG_COUNT = "1";
    env.GIT_CONFIG_KEY_0 = "http.extraHeader";
    env.GIT_CONFIG_VALUE_0 = `Authorization: Basic ${Buffer.from(`x-access-token:${token}`).toString("base64")}`;
  }
  return env;
}

function git(args: string[], options: { token?: string; input?: Buffer | string; env?: Record<string, string> } = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      "git",
      args,
      { encoding: "buffer", maxBuffer: 512 * 1024 * 1024, env: gitEnvironment(options.token, options.env) },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const said = stderr.toString("utf8").trim();
        const auth = /authentication failed|could not read username|401|403|permission|denied|not found/i.test(said);
        const lines = said.split("\n").filter((line) => line && !line.startsWith("hint:"));
        reject(new GitHistoryError(auth ? "auth" : "failed", lines.slice(-3).join(" ") || error.message, said));
      },
    );
    // git may exit before reading its input (an error): that is its answer, not a crash of ours.
    child.stdin?.on("error", () => {});
    if (options.input !== undefined) child.stdin?.end(options.input);
    else child.stdin?.end();
  });
}

export type GitHubHistory = ReturnType<typeof githubHistory>;

export function githubHistory(options: GitHubHistoryOptions) {
  const { repo, cloneDir, owns } = options;
  const url = options.gitUrl ?? `https://github.com/${repo.owner}/${repo.name}.git`;
  const prefix = options.pathPrefix ? `${options.pathPrefix.replace(/^\/+|\/+$/g, "")}/` : "";
  const inRepo = (path: string) => `${prefix}${path}`;
  const inConfig = (path: string) => (path.startsWith(prefix) ? path.slice(prefix.length) : undefined);
  const inClone = (args: string[]) => ["--git-dir", cloneDir, ...args];
  let branch: string | undefined;
  const trackingRef = () => `refs/remotes/origin/${branch}`;
  /** Where the copy keeps the studio's other branches (GitHub mode's drafts, decision 0159): apart from the default branch's ref. */
  const branchesRef = "refs/remotes/branches/";

  // One git operation at a time on the copy (fetches move its refs); each takes milliseconds.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => {});
    return run;
  };

  const ensureClone = async () => {
    if (await stat(join(cloneDir, "HEAD")).catch(() => undefined)) return;
    await mkdir(dirname(cloneDir), { recursive: true });
    await git(["init", "--bare", "-q", cloneDir]);
  };

  /**
   * Brings the copy up to the remote's default branch with the editor's token (which GitHub checks on
   * every fetch); with `others`, also every branch whose name starts with it ("" for all), branches
   * gone from the remote pruned from the copy.
   */
  const fetchBranch = async (token: string, others?: string) => {
    await ensureClone();
    if (!branch) {
      const head = (await git(["ls-remote", "--symref", url, "HEAD"], { token })).toString("utf8");
      branch = /^ref: refs\/heads\/(\S+)\tHEAD$/m.exec(head)?.[1];
      if (!branch) throw new GitHistoryError("failed", "the repository has no default branch yet");
    }
    const more = others === undefined ? [] : ["--prune", `+refs/heads/${others}*:${branchesRef}${others}*`];
    await git(inClone(["fetch", "-q", "--no-tags", ...more.slice(0, 1), url, `+refs/heads/${branch}:${trackingRef()}`, ...more.slice(1)]), { token });
    return (await git(inClone(["rev-parse", "--verify", trackingRef()]))).toString("utf8").trim();
  };

  /** The blob ids (by repository path) `ls-tree` lists in a commit for `pathspecs`: a folder's own files, or with `recursive` everything below. */
  const treeBlobs = async (commit: string, pathspecs: readonly string[], recursive = false) => {
    const found = new Map<string, string>();
    if (pathspecs.length === 0) return found;
    const listing = (
      await git(inClone(["ls-tree", ...(recursive ? ["-r"] : []), "-z", "--full-tree", commit, "--", ...pathspecs.map((path) => `:(literal)${path}`)]))
    ).toString("utf8");
    for (const line of listing.split("\0").filter(Boolean)) {
      const [info, path] = line.split("\t") as [string, string];
      const [, type, id] = info.split(" ");
      if (type === "blob") found.set(path, id!);
    }
    return found;
  };
  /** The blob ids of `paths` (repository paths) in a commit: absent paths are left out. */
  const blobsIn = (commit: string, paths: readonly string[]) => treeBlobs(commit, paths, true);
  const blob = (id: string) => git(inClone(["cat-file", "blob", id]));

  const commitFilesOf = async (sha: string): Promise<{ commit: ContentCommit; files: CommitFile[] } | undefined> => {
    const exists = await git(inClone(["cat-file", "-t", sha])).catch(() => undefined);
    if (exists?.toString("utf8").trim() !== "commit") return undefined;
    const [commit] = await logOf([sha, "-n", "1"]);
    if (!commit) return undefined;
    const paths = commit.paths.map(inRepo);
    const [before, after] = await Promise.all([commit.parent ? blobsIn(commit.parent, paths) : new Map<string, string>(), blobsIn(sha, paths)]);
    const files: CommitFile[] = [];
    for (const path of paths) {
      const was = before.get(path);
      const is = after.get(path);
      files.push({ path: inConfig(path)!, before: was ? await blob(was) : null, after: is ? await blob(is) : null });
    }
    return { commit, files };
  };

  /** Commits (first-parent history) with the content paths each changed; commits that changed no content are left out. */
  const logOf = async (range: string[]): Promise<ContentCommit[]> => {
    const format = "%x1e%H%x1f%P%x1f%an%x1f%ae%x1f%at%x1f%s";
    const out = (
      await git(
        inClone([
          "log",
          "-z",
          "--first-parent",
          "--diff-merges=first-parent",
          "--no-renames",
          "--name-only",
          `--format=${format}`,
          ...range,
          "--",
          prefix ? prefix : ".",
        ]),
      )
    ).toString("utf8");
    const commits: ContentCommit[] = [];
    for (const record of out.split("\x1e").filter(Boolean)) {
      const end = record.indexOf("\0");
      const [sha, parents, authorName, authorEmail, at, subject] = (end < 0 ? record : record.slice(0, end)).split("\x1f") as string[];
      const paths = (end < 0 ? "" : record.slice(end + 1))
        .split("\0")
        .map((path) => path.replace(/^\n/, ""))
        .filter(Boolean)
        .map(inConfig)
        .filter((path): path is string => path !== undefined && owns(path));
      if (paths.length === 0) continue;
      commits.push({
        sha: sha!,
        parent: parents!.split(" ")[0] || null,
        authorName: authorName!,
        authorEmail: authorEmail!,
        at: new Date(Number(at) * 1000),
        subject: subject!,
        paths,
      });
    }
    return commits;
  };

  /** The last commit of a ref: who and when. */
  const lastCommitOf = async (ref: string) => {
    const [authorName, authorEmail, at] = (await git(inClone(["log", "-1", "--format=%an%x1f%ae%x1f%at", ref, "--"]))).toString("utf8").trim().split("\x1f");
    return { authorName: authorName ?? "", authorEmail: authorEmail ?? "", at: new Date(Number(at) * 1000) };
  };

  return {
    repo,
    /**
     * The branches (names starting with `branchPrefix`, Keystatic's; all without one) that are ahead
     * of the default branch and change content the studio owns, newest last commit first: GitHub
     * mode's drafts (decision 0159). Fetched first with the token.
     */
    branches: (token: string, branchPrefix = "") =>
      serial(async (): Promise<ContentBranch[]> => {
        const head = await fetchBranch(token, branchPrefix);
        const refs = (await git(inClone(["for-each-ref", "--format=%(refname)%00%(objectname)", branchesRef])))
          .toString("utf8")
          .split("\n")
          .filter(Boolean)
          .map((line) => line.split("\0") as [string, string])
          .filter(([ref]) => ref.startsWith(`${branchesRef}${branchPrefix}`));
        const found: ContentBranch[] = [];
        for (const [ref, sha] of refs) {
          const name = ref.slice(branchesRef.length);
          if (name === branch) continue;
          const ahead = Number((await git(inClone(["rev-list", "--count", `${head}..${sha}`]))).toString("utf8").trim());
          if (!ahead) continue;
          const changed = (await git(inClone(["diff", "--name-only", "-z", "--no-renames", `${head}...${sha}`, "--", prefix ? prefix : "."])))
            .toString("utf8")
            .split("\0")
            .filter(Boolean)
            .map(inConfig)
            .filter((path): path is string => path !== undefined && owns(path));
          if (changed.length === 0) continue;
          found.push({ name, sha, ahead, paths: changed, ...(await lastCommitOf(sha)) });
        }
        return found.sort((a, b) => b.at.getTime() - a.at.getTime() || a.name.localeCompare(b.name));
      }),
    /**
     * Writes a branch's content folder (the config's `content/`) as it is at the branch's tip into
     * `outDir/content`, fetched first with the token; its commit, or undefined when there is no such
     * branch (or it has no content folder).
     */
    exportBranch: (token: string, name: string, outDir: string) =>
      serial(async (): Promise<string | undefined> => {
        await fetchBranch(token, name);
        const sha = (await git(inClone(["rev-parse", "--verify", "-q", `${branchesRef}${name}^{commit}`])).catch(() => Buffer.from("")))
          .toString("utf8")
          .trim();
        if (!sha) return undefined;
        const scratch = await mkdtemp(join(tmpdir(), "ssl-branch-index-"));
        try {
          const env = { GIT_INDEX_FILE: join(scratch, "index") };
          const read = await git(inClone(["read-tree", `${sha}:${prefix}content`]), { env }).catch(() => undefined);
          if (!read) return undefined;
          await mkdir(join(outDir, "content"), { recursive: true });
          await git(["--git-dir", cloneDir, "--work-tree", outDir, "checkout-index", "-a", "-f", `--prefix=${join(outDir, "content")}/`], { env });
          return sha;
        } finally {
          await rm(scratch, { recursive: true, force: true });
        }
      }),
    /** The default branch's name, once a fetch has named it. */
    defaultBranch: () => branch,
    /** A branch's comparison with the default branch on GitHub: its changes, and its pull request or the button to open one. */
    compareUrl: (name: string) => `https://github.com/${repo.owner}/${repo.name}/compare/${encodePath(branch ?? "HEAD")}...${encodePath(name)}`,
    /** A commit's page on GitHub. */
    commitUrl: (sha: string) => `https://github.com/${repo.owner}/${repo.name}/commit/${sha}`,
    /** Every commit of the default branch that changed the studio's content, newest first (fetched first with the token). */
    commits: (token: string) =>
      serial(async () => {
        const head = await fetchBranch(token);
        return logOf([head]);
      }),
    /** A commit's changed content files before and after (fetched first with the token). */
    commit: (token: string, sha: string) =>
      serial(async () => {
        await fetchBranch(token);
        return commitFilesOf(sha);
      }),
    /** One file of a commit or of its parent, for the photos on a commit's page (from the copy, no fetch). */
    fileAt: (sha: string, path: string, side: "before" | "after") =>
      serial(async () => {
        if (!owns(path)) return undefined;
        let commit = sha;
        if (side === "before") {
          const [found] = await logOf([sha, "-n", "1"]).catch(() => []);
          if (!found?.parent) return undefined;
          commit = found.parent;
        }
        const id = (await blobsIn(commit, [inRepo(path)]).catch(() => new Map<string, string>())).get(inRepo(path));
        return id ? blob(id) : undefined;
      }),
    /**
     * Restore: a new commit on the branch whose files (those `sha` changed) are as they were before
     * `sha`, by `actor`, pushed with the token. `check` sees the files and, for the entry's other
     * files, the branch as it is; a reason from it refuses the restore with nothing written. A push
     * refused because the branch moved is tried once more on the new head.
     */
    restore: (
      token: string,
      sha: string,
      actor: GitActor,
      message: (commit: ContentCommit) => string,
      check: (restored: Array<{ path: string; bytes: Buffer | null }>, filesIn: FilesIn) => Promise<string | undefined>,
    ) =>
      serial(
        async (): Promise<
          { outcome: "restored"; sha: string } | { outcome: "nothing" } | { outcome: "refused"; reason: string } | { outcome: "missing" } | { outcome: "first" }
        > => {
          for (let attempt = 0; ; attempt++) {
            const head = await fetchBranch(token);
            const found = await commitFilesOf(sha);
            if (!found) return { outcome: "missing" };
            if (!found.commit.parent) return { outcome: "first" };
            const restored = found.files.map((file) => ({ path: file.path, bytes: file.before }));
            const filesIn = async (folder: string, wanted: (path: string) => boolean) => {
              const files: Array<{ path: string; bytes: Buffer }> = [];
              for (const [path, id] of await treeBlobs(head, [`${inRepo(folder)}/`])) {
                const own = inConfig(path);
                if (own && wanted(own)) files.push({ path: own, bytes: await blob(id) });
              }
              return files;
            };
            const reason = await check(restored, filesIn);
            if (reason) return { outcome: "refused", reason };

            const scratch = await mkdtemp(join(tmpdir(), "ssl-restore-index-"));
            try {
              const env = { GIT_INDEX_FILE: join(scratch, "index") };
              await git(inClone(["read-tree", head]), { env });
              const lines: string[] = [];
              for (const { path, bytes } of restored) {
                if (bytes === null) lines.push(`0 ${zeroSha}\t${inRepo(path)}`);
                else {
                  const id = (await git(inClone(["hash-object", "-w", "--stdin"]), { input: bytes })).toString("utf8").trim();
                  lines.push(`100644 ${id}\t${inRepo(path)}`);
                }
              }
              await git(inClone(["update-index", "-z", "--index-info"]), { env, input: lines.map((line) => `${line}\0`).join("") });
              const tree = (await git(inClone(["write-tree"]), { env })).toString("utf8").trim();
              const headTree = (await git(inClone(["rev-parse", `${head}^{tree}`]))).toString("utf8").trim();
              if (tree === headTree) return { outcome: "nothing" };
              const who = { GIT_AUTHOR_NAME: actor.name, GIT_AUTHOR_EMAIL: actor.email, GIT_COMMITTER_NAME: actor.name, GIT_COMMITTER_EMAIL: actor.email };
              const created = (await git(inClone(["commit-tree", tree, "-p", head, "-F", "-"]), { env: who, input: message(found.commit) }))
                .toString("utf8")
                .trim();
              try {
                await git(inClone(["push", "-q", url, `${created}:refs/heads/${branch}`]), { token });
              } catch (error) {
                // Only git's own "the branch has moved" (a hook's or a protected branch's refusal is not retried).
                const moved = error instanceof GitHistoryError && /\[rejected\].*\((fetch first|non-fast-forward)\)/.test(error.said);
                if (moved && attempt === 0) continue;
                if (moved) throw new GitHistoryError("moved", error.message);
                throw error;
              }
              await git(inClone(["update-ref", trackingRef(), created, head]));
              return { outcome: "restored", sha: created };
            } finally {
              await rm(scratch, { recursive: true, force: true });
            }
          }
        },
      ),
  };
}
