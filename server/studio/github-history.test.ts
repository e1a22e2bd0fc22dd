import { execFileSync, spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test-support/databases";
import { addTestAccount, startStaffServer, type TestBrowser } from "../../test-support/staff";
import { truncateAll, type LeadsDatabase } from "../db/db";
import { truncateStaff } from "../staff/auth";
import { listAudit } from "../staff/audit";
import { newSiteRepository, runGit } from "../../test-support/site-repository";

// Decision 0132: in GitHub mode every studio save is a commit. The desk reads the
// repository with the editor's own GitHub token (Keystatic's cookie), lists the commits that changed
// content with their authors, entries and links to GitHub, shows a commit's diff, and restores a
// version as a new commit by the member of staff, pushed to the branch. The repository here is a
// real one (a bare repository in a temp folder, the server's KEYSTATIC_GITHUB_GIT_URL), written with
// `git` as Keystatic writes through GitHub's API: one commit per save, by the editor's GitHub name.

const token = "ghu_testTokenThatMustNeverBeWrittenDown0123";
const prefix = "web"; // KEYSTATIC_GITHUB_PATH_PREFIX: the project's folder in the repository
const png = (tag: string) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]), Buffer.from(tag)]);

const run = runGit;

// Each test drives real git (a dozen processes): a busy 2-core machine takes seconds, and under a full
// load one test was seen to pass 30 s; the ceiling is a minute.
// On PGlite: the history is read from git, and what it stores (the audit log) is the store's; nothing here is the database's own subject (decision 0143).
describe.each(["PGlite"] as const)("content history in GitHub mode on %s", { timeout: 60_000 }, (driver) => {
  let leads: LeadsDatabase;
  let server: Awaited<ReturnType<typeof startStaffServer>>;
  let root: string;
  let remote: string;
  let work: string;
  let cloneDir: string;

  /** A save in the studio as Keystatic makes it: one commit on main by the editor's GitHub name, pushed. */
  const commit = (message: string, files: Record<string, string | Buffer | null>, author = "Editor Name") => {
    run(work, ["pull", "-q", "--ff-only", "origin", "main"]);
    for (const [path, contents] of Object.entries(files)) {
      const target = join(work, prefix, path);
      if (contents === null) execFileSync("rm", ["-f", target]);
      else {
        execFileSync("mkdir", ["-p", dirname(target)]);
        execFileSync("tee", [target], { input: contents, stdio: ["pipe", "ignore", "inherit"] });
      }
    }
    run(work, ["add", "-A"]);
    const email = `${author.toLowerCase().replace(/\W+/g, ".")}@users.noreply.github.com`;
    run(work, ["commit", "-q", "-m", message], {
      GIT_AUTHOR_NAME: author,
      GIT_AUTHOR_EMAIL: email,
      GIT_COMMITTER_NAME: "GitHub",
      GIT_COMMITTER_EMAIL: "noreply@github.com",
    });
    run(work, ["push", "-q", "origin", "main"]);
    return run(work, ["rev-parse", "HEAD"]);
  };
  const remoteHead = () => run(remote, ["rev-parse", "main"]);
  const remoteFile = (path: string, at = "main") => execFileSync("git", ["--git-dir", remote, "show", `${at}:${prefix}/${path}`]);

  const signedIn = async (role: "editor" | "admin" | "sales", { github = true } = {}) => {
    await addTestAccount(leads.db, role);
    const browser = server.browser({ forwardedFor: "203.0.113.9" });
    await browser.signIn(`${role}@example.com`);
    if (github) browser.cookies.set("keystatic-gh-access-token", token);
    return browser;
  };
  const page = async (browser: TestBrowser, path: string) => {
    const response = await browser.request(path);
    return { status: response.status, html: await response.text() };
  };

  beforeAll(async () => {
    leads = await openTestDatabase(driver);
    root = await mkdtemp(join(tmpdir(), "ssl-github-history-"));
    remote = join(root, "site.git");
    cloneDir = join(root, "data/content-history.git");
    server = await startStaffServer(leads.db, {}, { storage: { kind: "github", repo: { owner: "acme", name: "site" }, pathPrefix: prefix } }, {}, undefined, {
      githubHistory: { cloneDir, gitUrl: `file://${remote}` },
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await leads?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await truncateAll(leads.db);
    await truncateStaff(leads.db);
    // A new repository for each test: the site's project in web/, its first content by the developer.
    work = join(root, "work");
    await newSiteRepository({ remote, work, prefix, serverCopy: cloneDir });
  });

  it("lists the commits that changed content with their authors, entries and links to GitHub, filtered by person and date", async () => {
    const phone = commit("Update Site", { "content/site.yaml": "phone: +880 2 5555 0177\n" });
    const faq = commit("Update FAQ: moq", { "content/faq/moq.yaml": "question: What is the MOQ?\nanswer: 300 pieces.\n" }, "Other Editor");
    execFileSync("tee", [join(work, "README.md")], { input: "Docs only\n", stdio: ["pipe", "ignore", "inherit"] });
    run(work, ["commit", "-q", "-am", "Docs"], {
      GIT_AUTHOR_NAME: "Developer",
      GIT_AUTHOR_EMAIL: "dev@example.com",
      GIT_COMMITTER_NAME: "Developer",
      GIT_COMMITTER_EMAIL: "dev@example.com",
    });
    run(work, ["push", "-q", "origin", "main"]);

    const editor = await signedIn("editor");
    const { status, html } = await page(editor, "/staff/history");
    expect(status).toBe(200);
    expect(html).toContain("Editor Name");
    expect(html).toContain("Other Editor");
    expect(html).toContain(">Site</a>");
    expect(html).toContain(">FAQ: moq</a>");
    expect(html).toContain("Update Site");
    expect(html).not.toContain(">Docs<");
    expect(html).toContain(
      `<a href="https://github.com/acme/site/commit/${phone}" target="_blank" rel="noopener noreferrer">${phone.slice(0, 7)} on GitHub <span class="new-tab">(opens in a new tab)</span></a>`,
    );
    expect(html).toContain(`href="/staff/history/commit/${faq}"`);
    expect(html.indexOf(faq)).toBeLessThan(html.indexOf(phone));

    const byOther = (await page(editor, "/staff/history?who=Other+Editor")).html;
    expect(byOther).toContain(faq);
    expect(byOther).not.toContain(phone);
    expect((await page(editor, "/staff/history?type=singleton:site")).html).not.toContain(faq);
    expect((await page(editor, "/staff/history?to=2000-01-01")).html).toContain("No saves match.");

    // The token reached git through its environment only: not in the copy's config or anywhere in it.
    expect(await readFile(join(cloneDir, "config"), "utf8")).not.toContain(token);
    expect(spawnSync("grep", ["-rlF", token, cloneDir], { encoding: "utf8" }).stdout).toBe("");
  });

  it("shows a commit's diff of the field it changed, and the photos it replaced", async () => {
    commit("Add shirt", {
      "content/photos/shirt.yaml": "title: shirt\nphoto: /media/gallery/shirt/photo.png\n",
      "content/media/gallery/shirt/photo.png": png("first"),
    });
    const phone = commit("Update Site", { "content/site.yaml": "phone: +880 2 5555 0177\n" });
    const photo = commit("Update Photos: shirt", { "content/media/gallery/shirt/photo.png": png("second") });
    const editor = await signedIn("editor");

    const { status, html } = await page(editor, `/staff/history/commit/${phone}`);
    expect(status).toBe(200);
    expect(html).toContain("content/site.yaml");
    // The field by its studio label, before → after (decision 0150).
    expect(html).toMatch(/<li>Phone: <del>.*\+880 2 5555 0100<\/del>.*→.*<ins>.*\+880 2 5555 0177<\/ins><\/li>/);
    expect(html).toContain("Editor Name (editor.name@users.noreply.github.com)");
    expect(html).toContain("Restore this version");

    const photos = (await page(editor, `/staff/history/commit/${photo}`)).html;
    const before = /<img src="([^"]+)" alt="Photo before: content\/media\/gallery\/shirt\/photo.png"/.exec(photos)?.[1]?.replaceAll("&amp;", "&");
    expect(before).toBeDefined();
    const image = await editor.request(before!);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await image.arrayBuffer()).equals(png("first"))).toBe(true);

    expect((await page(editor, `/staff/history/commit/${"0".repeat(40)}`)).status).toBe(404);
  });

  it("restores the version before a commit as a new commit by the member of staff, pushed to the branch, with an audit entry", async () => {
    const phone = commit("Update Site", { "content/site.yaml": "phone: +880 2 5555 0177\n" });
    const admin = await signedIn("admin");
    const restored = await admin.post(`/staff/history/commit/${phone}/restore`, {});
    expect(restored.status).toBe(303);
    const head = remoteHead();
    expect(head).not.toBe(phone);
    expect(restored.headers.get("location")).toBe(`/staff/history/commit/${head}?restored=${head}`);
    expect(remoteFile("content/site.yaml").toString("utf8")).toBe("phone: +880 2 5555 0100\n");
    const version = run(remote, ["rev-parse", "--short=7", `${phone}^`]);
    expect(run(remote, ["log", "-1", "--format=%an <%ae>|%cn|%P|%s", "main"])).toBe(
      `Admin Person <admin@example.com>|Admin Person|${phone}|Restore Site to ${version} (via the staff desk)`,
    );
    expect(run(remote, ["show", "main:README.md"])).toBe("The site"); // the rest of the repository as it was

    const shown = await page(admin, restored.headers.get("location")!);
    expect(shown.html).toContain(`Restored: commit ${head.slice(0, 7)} is on the branch.`);
    expect(shown.html).toMatch(/<li>Phone: <del>.*\+880 2 5555 0177<\/del>.*→.*<ins>.*\+880 2 5555 0100<\/ins><\/li>/);
    expect((await page(admin, "/staff/history")).html).toContain("Admin Person");

    const audit = await listAudit(leads.db, { action: "content.restore" });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorEmail: "admin@example.com", target: `commit:${head}` });
    expect(audit[0]!.detail).toMatchObject({ entry: "Site", restoredFrom: phone, commit: `https://github.com/acme/site/commit/${head}` });
    expect((await page(admin, "/staff/audit?action=content.")).html).toContain(`<a href="/staff/history/commit/${head}">commit:${head}</a>`);
  });

  /**
   * Another save lands on the branch right after each of the next `times` fetches of the server's
   * copy (a hook of the copy's own: git runs it once a fetch has moved the copy's refs), as if an
   * editor saved in the studio between the desk's fetch and its push.
   */
  const anotherSaveAfterFetches = async (times: number) => {
    const left = join(root, "moves-left");
    await writeFile(left, String(times));
    const other = join(root, "other");
    await rm(other, { recursive: true, force: true });
    run(root, ["clone", "-q", remote, other]);
    const hook = join(cloneDir, "hooks/reference-transaction");
    await mkdir(dirname(hook), { recursive: true });
    await writeFile(
      hook,
      `#!/bin/sh
[ "$1" = committed ] || exit 0
grep -q refs/remotes/origin/main || exit 0
n=$(cat '${left}'); [ "$n" -gt 0 ] || exit 0
echo $((n - 1)) > '${left}'
unset GIT_DIR GIT_INDEX_FILE GIT_CONFIG_COUNT GIT_CONFIG_KEY_0 GIT_CONFIG_VALUE_0
cd '${other}' && git pull -q --ff-only origin main && echo "Saved in the studio meanwhile $n" >> '${prefix}/content/faq/moq.yaml.txt' && git add -A &&
  git -c user.name='Other Editor' -c user.email=other@example.com commit -q -m "Update FAQ meanwhile $n" && git push -q origin main
`,
      { mode: 0o755 },
    );
  };

  it("restores on top of a save that landed meanwhile (the push refused as the branch moved, tried once more), and says so when it moves again", async () => {
    const editor = await signedIn("editor");
    expect((await page(editor, "/staff/history")).status).toBe(200); // the server's copy exists (its hook goes in below)
    const phone = commit("Update Site", { "content/site.yaml": "phone: +880 2 5555 0177\n" }); // news for the next fetch
    await anotherSaveAfterFetches(1);
    const restored = await editor.post(`/staff/history/commit/${phone}/restore`, {});
    expect(restored.status).toBe(303);
    const version = run(remote, ["rev-parse", "--short=7", `${phone}^`]);
    expect(run(remote, ["log", "--format=%an|%s", "-2", "main"])).toBe(
      `Editor Person|Restore Site to ${version} (via the staff desk)\nOther Editor|Update FAQ meanwhile 1`,
    );
    expect(remoteFile("content/site.yaml").toString("utf8")).toBe("phone: +880 2 5555 0100\n");

    const again = commit("Update Site", { "content/site.yaml": "phone: +880 2 5555 0188\n" });
    await anotherSaveAfterFetches(2);
    const refused = await editor.post(`/staff/history/commit/${again}/restore`, {});
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("The branch changed twice while restoring. Nothing was written");
    expect(run(remote, ["log", "--format=%s", "-1", "main"])).toBe("Update FAQ meanwhile 1");
    expect(remoteFile("content/site.yaml").toString("utf8")).toBe("phone: +880 2 5555 0188\n");
  });

  it("brings a deleted entry back with its photo", async () => {
    commit("Add shirt", {
      "content/photos/shirt.yaml": "title: shirt\nphoto: /media/gallery/shirt/photo.png\n",
      "content/media/gallery/shirt/photo.png": png("first"),
    });
    const deleted = commit("Delete Photos: shirt", { "content/photos/shirt.yaml": null, "content/media/gallery/shirt/photo.png": null });
    const editor = await signedIn("editor");
    expect((await editor.post(`/staff/history/commit/${deleted}/restore`, {})).status).toBe(303);
    expect(remoteFile("content/photos/shirt.yaml").toString("utf8")).toBe("title: shirt\nphoto: /media/gallery/shirt/photo.png\n");
    expect(remoteFile("content/media/gallery/shirt/photo.png").equals(png("first"))).toBe(true);
  });

  it("refuses a restore the current schema refuses, says why and leaves the branch as it was", async () => {
    commit("Update Site", { "content/site.yaml": "phone: ''\n" });
    const phone = commit("Update Site", { "content/site.yaml": "phone: +880 2 5555 0177\n" });
    const editor = await signedIn("editor");
    const refused = await editor.post(`/staff/history/commit/${phone}/restore`, {});
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(html).toContain("This version cannot be restored: the current content types refuse it (phone:");
    expect(html).toContain("Nothing was written.");
    expect(remoteHead()).toBe(phone);

    const first = run(remote, ["rev-list", "--max-parents=0", "main"]);
    const beforeAll = await editor.post(`/staff/history/commit/${first}/restore`, {});
    expect(beforeAll.status).toBe(422);
    expect(await beforeAll.text()).toContain("this is the repository&#39;s first commit, so there is no version before it. Nothing was written.");
    expect(remoteHead()).toBe(phone);
    expect(await listAudit(leads.db, { action: "content.restore" })).toHaveLength(0);
  });

  it("asks an editor without a GitHub sign-in to sign in to GitHub in the studio, says when GitHub cannot be read, and gives sales 403", async () => {
    const phone = commit("Update Site", { "content/site.yaml": "phone: +880 2 5555 0177\n" });
    const editor = await signedIn("editor", { github: false });
    for (const path of ["/staff/history", `/staff/history/commit/${phone}`]) {
      const { status, html } = await page(editor, path);
      expect(status).toBe(200);
      expect(html).toContain("sign in to GitHub in the content studio first");
      expect(html).toContain('<a href="/keystatic">Open the content studio to sign in to GitHub</a>');
    }
    expect((await editor.post(`/staff/history/commit/${phone}/restore`, {})).status).toBe(200);
    expect(remoteHead()).toBe(phone);

    // GitHub out of reach (here: the repository gone): the page says so and why, 503, never a crash.
    await rm(remote, { recursive: true, force: true });
    const editorWithGitHub = await signedIn("admin");
    const unreachable = await page(editorWithGitHub, "/staff/history");
    expect(unreachable.status).toBe(503);
    expect(unreachable.html).toContain("The repository could not be read just now (");
    run(root, ["init", "-q", "--bare", "-b", "main", remote]);
    run(work, ["push", "-q", "origin", "main"]);

    const sales = await signedIn("sales");
    expect((await sales.request("/staff/history")).status).toBe(403);
    expect((await sales.request(`/staff/history/commit/${phone}`)).status).toBe(403);
    expect((await sales.post(`/staff/history/commit/${phone}/restore`, {})).status).toBe(403);
    expect(remoteHead()).toBe(phone);
  });
});
