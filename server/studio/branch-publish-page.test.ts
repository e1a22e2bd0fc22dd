import { execFileSync, spawnSync } from "node:child_process";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { openTestDatabase } from "../../test-support/databases";
import { addTestAccount, startStaffServer, type TestBrowser } from "../../test-support/staff";
import { truncateAll, type LeadsDatabase } from "../db/db";
import { createBranchPreview, type BranchPreview } from "../publish/branch-preview";
import { createPreviewOrigin } from "../publish/preview-origin";
import { siteBuilder } from "../publish/site-build";
import { listAudit } from "../staff/audit";
import { newSiteRepository, runGit } from "../../test-support/site-repository";
import { truncateStaff } from "../staff/auth";
import type { StaffRole } from "../staff/roles";

// Decision 0159, GitHub mode: the studio's branches are its drafts. /staff/publish lists the branches
// (Keystatic's branch prefix) ahead of the default branch with the entries they change, links each to
// its comparison on GitHub, where publishing is a merge, and builds a preview of one on request: its
// content exported from the server's copy of the repository, built with the build command, served on
// the preview origin with the bar naming the branch. The repository is a real bare one (decision
// 0132's tests), read with the editor's GitHub token from Keystatic's cookie; the build command is a
// fake one called as the real one is (BUILD_DIR, CONTENT_DIR).

const token = "ghu_branchPreviewTokenNeverWrittenDown0456";
const prefix = "web"; // KEYSTATIC_GITHUB_PATH_PREFIX
const branchPrefix = "keystatic/";

/** Builds a page of the content's phone and FAQ answer; notes its environment; fails on a "broken" phone. */
const fakeBuild = `const fs=require("fs"),p=require("path");const d=process.env.BUILD_DIR,c=process.env.CONTENT_DIR;
fs.appendFileSync(p.join(d,"..","..","build-env.log"),JSON.stringify(process.env)+"\\n");
const site=fs.readFileSync(p.join(c,"site.yaml"),"utf8"),faq=fs.readFileSync(p.join(c,"faq","moq.yaml"),"utf8");
if(site.includes("broken")){console.error("Error: content/site.yaml: phone: must not be empty");process.exit(1)}
fs.mkdirSync(p.join(d,"client"),{recursive:true});
fs.writeFileSync(p.join(d,"client","index.html"),"<!doctype html><html><head><title>Home</title></head><body><p>"+site.trim()+"</p><p>"+faq.trim()+"</p></body></html>");`;

const run = runGit;
const author = (name: string) => ({
  GIT_AUTHOR_NAME: name,
  GIT_AUTHOR_EMAIL: `${name.toLowerCase().replace(/\W+/g, ".")}@users.noreply.github.com`,
  GIT_COMMITTER_NAME: "GitHub",
  GIT_COMMITTER_EMAIL: "noreply@github.com",
});

describe.each(["PGlite"] as const)("GitHub mode's Changes to publish on %s", { timeout: 60_000 }, (driver) => {
  let leads: LeadsDatabase;
  let server: Awaited<ReturnType<typeof startStaffServer>>;
  // The preview of a branch and its releases; the repository, a clone to make its branches, the server's copy.
  let preview: BranchPreview;
  let releasesDir: string;
  let root: string;
  let remote: string;
  let work: string;
  let cloneDir: string;
  const pathBefore = process.env.PATH;

  /** A save on a branch, as Keystatic makes it: a commit by the editor's GitHub name, pushed. */
  const saveOn = (branch: string, files: Record<string, string>, who = "Editor Name") => {
    const exists = run(work, ["ls-remote", "--heads", "origin", branch]) !== "";
    if (exists) run(work, ["checkout", "-q", "-B", branch, `origin/${branch}`]);
    else run(work, ["checkout", "-q", "-B", branch, "origin/main"]);
    for (const [path, contents] of Object.entries(files))
      execFileSync("tee", [join(work, prefix, path)], { input: contents, stdio: ["pipe", "ignore", "inherit"] });
    run(work, ["add", "-A"]);
    run(work, ["commit", "-q", "-m", `Update ${Object.keys(files).join(", ")}`], author(who));
    run(work, ["push", "-q", "origin", `${branch}:${branch}`]);
    run(work, ["fetch", "-q", "origin"]);
    return run(work, ["rev-parse", "HEAD"]);
  };

  const signedIn = async (role: StaffRole, { github = true } = {}) => {
    await addTestAccount(leads.db, role);
    const browser = server.browser({ forwardedFor: "203.0.113.9" });
    await browser.signIn(`${role}@example.com`);
    if (github) browser.cookies.set("keystatic-gh-access-token", token);
    return browser;
  };
  const page = async (browser: TestBrowser, path = "/staff/publish") => {
    const response = await browser.request(path);
    return { status: response.status, html: await response.text() };
  };
  /** The preview origin as `npm start` makes it in GitHub mode, asked on its own port with the browser's cookies. */
  const previewOrigin = (path: string, browser?: TestBrowser) =>
    createPreviewOrigin({
      site: () => preview.current(),
      branch: () => preview.shown()?.branch,
      staff: server.staff,
      publicOrigin: () => "https://www.example.com",
    }).request(`http://localhost:3001${path}`, {
      headers: browser ? { cookie: [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ") } : {},
    });

  beforeAll(async () => {
    leads = await openTestDatabase(driver);
    root = await mkdtemp(join(tmpdir(), "ssl-branch-publish-"));
    remote = join(root, "site.git");
    work = join(root, "work");
    cloneDir = join(root, "data/content-history.git");
    releasesDir = join(root, "build/preview-releases");
    preview = createBranchPreview({
      releasesDir,
      build: (contentDir) => siteBuilder({ projectDir: root, releasesDir, contentDir, command: [process.execPath, "-e", fakeBuild] })(),
      log: () => {},
    });
    server = await startStaffServer(
      leads.db,
      {},
      { storage: { kind: "github", repo: { owner: "acme", name: "site" }, pathPrefix: prefix, branchPrefix } },
      {},
      undefined,
      { githubHistory: { cloneDir, gitUrl: `file://${remote}` }, branchPreview: { preview, url: () => "http://localhost:3001/" } },
    );
  }, 120_000);
  afterAll(async () => {
    process.env.PATH = pathBefore;
    await server?.close();
    preview?.close();
    await leads?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await truncateStaff(leads.db);
    await truncateAll(leads.db);
    // A new repository for each test, its branches made from a clone that knows the remote's.
    await newSiteRepository({ remote, work, prefix, serverCopy: cloneDir });
    run(work, ["fetch", "-q", "origin"]);
  });

  it("lists the studio's branches ahead of the default branch with their last save and entries, linked to their comparison on GitHub", async () => {
    const faq = saveOn("keystatic/moq-answer", { "content/faq/moq.yaml": "question: What is the MOQ?\nanswer: 300 pieces.\n" });
    saveOn("keystatic/moq-answer", { "content/site.yaml": "phone: +880 2 5555 0177\n" }, "Other Editor");
    // Not listed: a studio branch with nothing beyond main, a branch outside the prefix, main itself.
    run(work, ["push", "-q", "origin", "origin/main:refs/heads/keystatic/merged"]);
    saveOn("feature/layout", { "content/site.yaml": "phone: +880 2 5555 0199\n" }, "Developer");
    const editor = await signedIn("editor");

    const { status, html } = await page(editor);
    expect(status).toBe(200);
    expect(html).toContain("Publishing is that merge, on GitHub");
    expect(html).toContain("<code>keystatic/moq-answer</code>");
    expect(html).toContain("Other Editor");
    expect(html).toMatch(/<li>FAQ: moq<\/li>.*<li>Site<\/li>|<li>Site<\/li>.*<li>FAQ: moq<\/li>/s);
    expect(html).toContain(
      `<a href="https://github.com/acme/site/compare/main...keystatic/moq-answer" target="_blank" rel="noopener noreferrer">Compare keystatic/moq-answer and merge it on GitHub <span class="new-tab">(opens in a new tab)</span></a>`,
    );
    expect(html).toMatch(
      /<form class="inline" method="post" action="\/staff\/publish\/preview">.*name="branch" value="keystatic\/moq-answer".*Build a preview/s,
    );
    expect(html).not.toContain("keystatic/merged");
    expect(html).not.toContain("feature/layout");
    expect(html).not.toContain("<code>main</code>");
    expect(faq).toMatch(/^[0-9a-f]{40}$/);

    // Merged on GitHub: the branch is no longer ahead, and leaves the list.
    run(work, ["checkout", "-q", "main"]);
    run(work, ["merge", "-q", "--ff-only", "origin/keystatic/moq-answer"]);
    run(work, ["push", "-q", "origin", "main"]);
    const after = await page(editor);
    expect(after.html).not.toContain("keystatic/moq-answer");
    expect(after.html).toContain("No branch of the studio has changes waiting: everything saved is on main.");
  });

  it("builds a preview of a branch on request and serves it on the preview origin with the bar naming the branch; a failed build says why", async () => {
    const sha = saveOn("keystatic/moq-answer", { "content/faq/moq.yaml": "question: What is the MOQ?\nanswer: 300 pieces.\n" });
    saveOn("keystatic/broken", { "content/site.yaml": "phone: broken\n" });
    const editor = await signedIn("editor");
    expect((await previewOrigin("/", editor)).status).toBe(503); // nothing built yet

    const asked = await editor.post("/staff/publish/preview", { branch: "keystatic/moq-answer" });
    expect(asked.status).toBe(303);
    expect(asked.headers.get("location")).toBe("/staff/publish?asked=keystatic%2Fmoq-answer");
    expect((await page(editor, asked.headers.get("location")!)).html).toMatch(
      /The preview of keystatic\/moq-answer .* being built|The preview shows keystatic\/moq-answer/,
    );
    await preview.idle();

    const shown = await page(editor);
    expect(shown.html).toContain(`The preview shows keystatic/moq-answer (${sha.slice(0, 7)}), built`);
    expect(shown.html).toContain(`<a href="http://localhost:3001/" target="_blank" rel="noopener noreferrer">Open the preview`);
    // The branch's content, built: the answer on the branch, the phone of main (the branch did not change it).
    const home = await previewOrigin("/", editor);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain("answer: 300 pieces.");
    expect(html).toContain("phone: +880 2 5555 0100");
    expect(html).toMatch(
      /<section data-preview-bar class="ssl-preview-bar" aria-label="Preview — not published"><strong>Preview — not published<\/strong> <span>of branch keystatic\/moq-answer<\/span><a href="https:\/\/www.example.com\/">See this page live<\/a>/,
    );
    expect(home.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    // The export was a temporary folder: gone once built.
    expect(spawnSync("sh", ["-c", `ls -d ${tmpdir()}/ssl-branch-preview-* 2>/dev/null`], { encoding: "utf8" }).stdout).toBe("");

    const audit = await listAudit(leads.db, { action: "content.branch-preview" });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorEmail: "editor@example.com", target: "branch:keystatic/moq-answer" });
    expect(audit[0]!.detail).toMatchObject({ commit: sha });

    // A build that fails says why on the page; the preview still shows the branch built before.
    expect((await editor.post("/staff/publish/preview", { branch: "keystatic/broken" })).status).toBe(303);
    await preview.idle();
    const failed = await page(editor);
    expect(failed.html).toContain("could not be built:");
    expect(failed.html).toContain("content/site.yaml: phone: must not be empty");
    expect(failed.html).toContain("The preview shows keystatic/moq-answer");
    expect(await (await previewOrigin("/", editor)).text()).toContain("of branch keystatic/moq-answer");

    // A branch the page does not list (outside the prefix, or main): refused, nothing built.
    const refused = await editor.post("/staff/publish/preview", { branch: "main" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("There is no such branch of the studio with unpublished changes");
  });

  it("refuses sales, HR and a stranger: no list, no build, no preview", async () => {
    saveOn("keystatic/moq-answer", { "content/faq/moq.yaml": "question: What is the MOQ?\nanswer: 300 pieces.\n" });
    const before = preview.latest();
    for (const role of ["sales", "hr"] as const) {
      const member = await signedIn(role);
      const shown = await member.request("/staff/publish");
      expect(shown.status).toBe(403);
      expect(await shown.text()).not.toContain("keystatic/moq-answer");
      expect((await member.post("/staff/publish/preview", { branch: "keystatic/moq-answer" })).status).toBe(403);
      expect((await previewOrigin("/", member)).status).toBe(404);
    }
    const stranger = server.browser({ forwardedFor: "203.0.113.7" });
    stranger.cookies.set("keystatic-gh-access-token", token);
    const shown = await stranger.request("/staff/publish");
    expect(shown.status).toBe(303);
    expect(shown.headers.get("location")).toMatch(/^\/staff\/sign-in/);
    expect(await shown.text()).not.toContain("keystatic/moq-answer");
    const posted = await stranger.post("/staff/publish/preview", { branch: "keystatic/moq-answer" });
    expect(posted.headers.get("location") ?? "").toMatch(/^\/staff\/sign-in/);
    expect((await previewOrigin("/", stranger)).status).toBe(404);
    expect(preview.latest()).toEqual(before);
  });

  it("asks an editor without a GitHub sign-in to sign in first, and never puts the token on a command line, in a log or in the build", async () => {
    saveOn("keystatic/moq-answer", { "content/faq/moq.yaml": "question: What is the MOQ?\nanswer: 300 pieces.\n" });
    const withoutGitHub = await signedIn("admin", { github: false });
    const noToken = await page(withoutGitHub);
    expect(noToken.status).toBe(200);
    expect(noToken.html).toContain("sign in to GitHub in the content studio first");

    // Every git command's arguments, noted by a git in front of the real one on the PATH.
    const bin = join(root, "bin");
    await mkdir(bin, { recursive: true });
    const realGit = execFileSync("sh", ["-c", "command -v git"]).toString("utf8").trim();
    await writeFile(join(bin, "git"), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${join(root, "git-argv.log")}'\nexec '${realGit}' "$@"\n`);
    await chmod(join(bin, "git"), 0o755);
    process.env.PATH = `${bin}:${pathBefore}`;
    const logged: string[] = [];
    const spies = (["log", "warn", "error"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" "))),
    );
    try {
      const admin = await signedIn("editor");
      expect((await page(admin)).html).toContain("keystatic/moq-answer");
      expect((await admin.post("/staff/publish/preview", { branch: "keystatic/moq-answer" })).status).toBe(303);
      await preview.idle();
    } finally {
      process.env.PATH = pathBefore;
      for (const spy of spies) spy.mockRestore();
    }
    const argv = await readFile(join(root, "git-argv.log"), "utf8");
    expect(argv).toContain("fetch");
    expect(argv).toContain("checkout-index");
    expect(argv).not.toContain(token);
    expect(logged.join("\n")).not.toContain(token);
    expect(await readFile(join(root, "build/build-env.log"), "utf8")).not.toContain(token);
    expect(await readFile(join(cloneDir, "config"), "utf8")).not.toContain(token);
    expect(spawnSync("grep", ["-rlF", token, cloneDir, releasesDir], { encoding: "utf8" }).stdout).toBe("");
  });
});
