import { execFileSync } from "node:child_process";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

// GitHub mode's tests (decisions 0132, 0159) use a real bare repository as the remote, written with
// `git` as Keystatic writes through GitHub's API. Git runs with no user or system config.

/** Runs git in `cwd`, with no user or system config; its output, trimmed. */
export const runGit = (cwd: string, args: string[], env: Record<string, string> = {}) =>
  execFileSync("git", args, { cwd, env: { PATH: process.env.PATH, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null", ...env } })
    .toString("utf8")
    .trim();

/**
 * A new repository at `remote` (bare, default branch main) and a clone of it at `work`: the site's
 * project in `prefix`/ with its first content (a phone, an FAQ answer) and a README, committed by the
 * developer and pushed. Whatever was at either folder before is removed, and the server's copy of the
 * repository (`serverCopy`) too: a new remote is a new copy.
 */
export async function newSiteRepository({ remote, work, prefix, serverCopy }: { remote: string; work: string; prefix: string; serverCopy: string }) {
  await rm(serverCopy, { recursive: true, force: true });
  await rm(remote, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
  runGit(join(remote, ".."), ["init", "-q", "--bare", "-b", "main", remote]);
  await mkdir(join(work, prefix, "content/faq"), { recursive: true });
  runGit(work, ["init", "-q", "-b", "main"]);
  runGit(work, ["remote", "add", "origin", remote]);
  await writeFile(join(work, "README.md"), "The site\n");
  await writeFile(join(work, prefix, "content/site.yaml"), "phone: +880 2 5555 0100\n");
  await writeFile(join(work, prefix, "content/faq/moq.yaml"), "question: What is the MOQ?\nanswer: It depends.\n");
  runGit(work, ["add", "-A"]);
  const developer = {
    GIT_AUTHOR_NAME: "Developer",
    GIT_AUTHOR_EMAIL: "dev@example.com",
    GIT_COMMITTER_NAME: "Developer",
    GIT_COMMITTER_EMAIL: "dev@example.com",
  };
  runGit(work, ["commit", "-q", "-m", "The site"], developer);
  runGit(work, ["push", "-q", "-u", "origin", "main"]);
}
