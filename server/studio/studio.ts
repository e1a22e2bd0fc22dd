import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import type { Config } from "@keystatic/core";
import { makeGenericAPIRouteHandler } from "@keystatic/core/api/generic";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { styleNonceMeta, studioSettingsScript } from "../../studio/settings";
import { withStorage, type StudioStorageSettings } from "../../studio/storage";
import type { BranchPreview } from "../publish/branch-preview";
import type { PublishState } from "../publish/publish-queue";
import { publishStatusHtml } from "../publish/status-page";
import { studioContentSecurityPolicy } from "../platform/security-headers";
import { firstAccountCommand, staffText } from "../staff/ui/text";
import { studioAccess, type StudioAccessOptions, type StudioAccessVariables } from "./access";
import { contentEntries, type ContentEntries } from "./content-entries";
import { contentSaves, thisMachine, type ContentSaves, type SaveBody } from "./content-saves";
import { drafts, type Drafts } from "./drafts";
import { githubHistory, type GitHubHistory } from "./github-history";
import type { Following } from "../publish/content-follower";
import { studioFiles, type StudioFiles } from "./studio-files";
import { studioTree, type StudioTree } from "./studio-tree";
import { mountStudioPublish, studioStatus, type StudioPreview } from "./studio-publish";
import { checkStudioSave, studioBodyLimit } from "./upload-limits";
import { escapeHtml } from "../../app/lib/contracts/escape-html";
import { translatedLocales, translationOf } from "../../app/lib/contracts/content-translations";

export type StudioOptions = {
  /** keystatic.config.ts (its storage is replaced by `storage`). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Keystatic's Config is generic over every collection
  config: Config<any, any>;
  storage: StudioStorageSettings;
  /** CONTENT_DIR, absolute: the files local mode reads and writes (the drafts, decision 0159). */
  contentDir: string;
  /**
   * Local mode: the published tree the public build reads (PUBLISHED_CONTENT_DIR, decision 0159);
   * with it and the staff desk's database, drafts are listed, published and discarded (drafts.ts).
   */
  publishedContentDir?: string;
  /**
   * With DATABASE_URL (decision 0162): this instance's follower of the content history, which every
   * save, publish and discard asks first for the revisions its trees lack, then tells of its own.
   */
  follower?: Following;
  /** The built studio UI (build/studio: index.html and assets/). */
  studioDir: string;
  access: StudioAccessOptions;
  /** Publishing status (local mode); the status page says "not publishing" without it. */
  publishState?: () => PublishState;
  /** The preview of the working copy (decision 0159): its builds and address, for the status and the badge. */
  preview?: StudioPreview;
  /** Largest API body (default studioRequestBodyLimitBytes, 64 MB); tests pass a small one. */
  bodyLimitBytes?: number;
  /**
   * GitHub mode's content history (decision 0132): this server's copy of the repository
   * (DATA_DIR/content-history.git) and the repository's git address (KEYSTATIC_GITHUB_GIT_URL;
   * default https://github.com/<owner>/<name>.git). Without it the desk only links to GitHub.
   */
  githubHistory?: { cloneDir: string; gitUrl?: string };
  /** GitHub mode's preview of a branch, built on request (decision 0159), and its address; without it the desk lists branches only. */
  branchPreview?: StudioBranchPreview;
};

/** GitHub mode's preview of a branch (decision 0159): the builds, and the preview origin's address as a member reaches it (this request's host on its port). */
export type StudioBranchPreview = { preview: BranchPreview; url: (requestUrl: URL) => string | undefined };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
type AnyConfig = Config<any, any>;

/**
 * Keystatic's local mode resolves the config's paths against one base folder. The config names
 * paths from the project root ("content/…"), so the base is CONTENT_DIR's parent, and CONTENT_DIR
 * must then be a folder called content (a test copy: /tmp/…/content).
 */
export function localBaseDirectory(contentDir: string, config: AnyConfig): string {
  const entries = [...Object.values(config.collections ?? {}), ...Object.values(config.singletons ?? {})] as Array<{ path?: string }>;
  const paths = entries.map((entry) => entry.path).filter((path): path is string => !!path);
  const fromProjectRoot = paths.length > 0 && paths.every((path) => path.startsWith("content/"));
  if (!fromProjectRoot) return resolve(contentDir);
  if (basename(resolve(contentDir)) !== "content") {
    throw new Error(`CONTENT_DIR must be a folder named "content" (keystatic.config.ts paths start with content/): ${contentDir}`);
  }
  return dirname(resolve(contentDir));
}

const noStore = { "Cache-Control": "no-store" };

/** Errors Node gives for a path that cannot be a file there (a folder, a file for a folder, a name too long). */
const requestPathErrors = new Set(["EISDIR", "ENOTDIR", "ENAMETOOLONG", "EINVAL", "ELOOP"]);

/** The studio's own files as Keystatic's tree lists them: the answer to the tree's GET and, once done, to a save (decision 0200). */
async function treeAnswer(tree: StudioTree, files: StudioFiles): Promise<Response> {
  return new Response(JSON.stringify(files.visible(await tree.read())), { status: 200, headers: { "content-type": "application/json", ...noStore } });
}

/** Whether `path` (relative to the API's base folder) is a file one of the studio's content types owns. */
async function isStudioFile(path: string, { baseDirectory, files }: { baseDirectory: string; files: StudioFiles }): Promise<boolean> {
  if (!files.owns(path)) return false;
  const found = await stat(resolve(baseDirectory, path)).catch(() => undefined);
  return !!found?.isFile();
}

/** The studio page on a machine with no staff account yet: a note above the studio saying how to make the first one. */
function withFirstAccountHint(html: string, nonce: string): string {
  const { body, after } = staffText.firstAccount;
  const note =
    `<style nonce="${nonce}">.first-account{margin:0;padding:.75rem 1rem;background:#fff4d6;color:#1a1f2b;border-bottom:2px solid #8a5a00;font:15px/1.5 system-ui,sans-serif}.first-account code{background:#fff;padding:.1rem .3rem}</style>` +
    `<aside class="first-account" aria-label="${escapeHtml(staffText.firstAccount.title)}"><strong>${escapeHtml(staffText.firstAccount.title)}.</strong> ${escapeHtml(body)} <code>${escapeHtml(firstAccountCommand)}</code>. ${escapeHtml(after)}</aside>`;
  return html.replace(/<body([^>]*)>/i, (open) => `${open}${note}`);
}

/** /keystatic (the studio UI, its status page) and /api/keystatic (Keystatic's API), all behind studioAccess. */
export function createStudio({
  config,
  storage,
  contentDir,
  publishedContentDir,
  studioDir,
  access,
  publishState,
  preview,
  bodyLimitBytes,
  githubHistory: gitOptions,
  branchPreview,
  follower,
}: StudioOptions) {
  // The languages whose content types this server's configuration has (decision 0165): the studio's page makes the same ones.
  const configured = new Set(
    [...Object.keys(config.collections ?? {}), ...Object.keys(config.singletons ?? {})].map((key) => translationOf(key)?.code).filter(Boolean),
  );
  const translations = translatedLocales(contentDir).filter((locale) => configured.has(locale.code));
  const app = new Hono<{ Variables: { contentSecurityPolicy?: string } & StudioAccessVariables }>();
  const github = storage.storage.kind === "github";
  const studioConfig = withStorage(config, storage.storage);

  const files = studioFiles(config);
  const entries = contentEntries(config);
  let baseDirectory: string | undefined;
  let api: ReturnType<typeof makeGenericAPIRouteHandler> | undefined;
  let apiError: string | undefined;
  try {
    baseDirectory = github ? undefined : localBaseDirectory(contentDir, config);
    api = makeGenericAPIRouteHandler(
      { config: studioConfig, ...(github ? {} : { localBaseDirectory: baseDirectory }) },
      { slugEnvName: "KEYSTATIC_GITHUB_APP_SLUG" },
    );
  } catch (error) {
    apiError = error instanceof Error ? error.message : String(error);
    console.error(`studio: ${apiError}`);
  }
  // Local mode's tree, each file hashed as a stream and kept while unchanged (decision 0193): Keystatic's reads every file whole.
  const tree = baseDirectory !== undefined ? studioTree(baseDirectory, files.roots) : undefined;
  // Local mode's writes, each with its revision in the content history (decision 0093), written here and answered with the tree (decision 0200).
  const saves =
    api && tree && baseDirectory !== undefined
      ? contentSaves({ config, tree, baseDirectory, contentDir, files, entries, db: access.staff?.db, follower })
      : undefined;
  // Drafts and publishing (decision 0159): local mode with the history's database and a published tree.
  const db = access.staff?.db;
  // Without the tree (a server started without `npm start`, which makes it) saves publish as before.
  const draftsOfSite =
    saves && db && publishedContentDir && existsSync(publishedContentDir)
      ? drafts({ db, entries, contentDir, publishedDir: publishedContentDir, follower })
      : undefined;

  // Read on every request (600 bytes): a rebuilt studio is served without a restart.
  const studioPage = () => readFile(join(studioDir, "index.html"), "utf8").catch(() => undefined);

  const guard = studioAccess(access);
  for (const path of ["/keystatic", "/keystatic/*", "/api/keystatic", "/api/keystatic/*"]) app.use(path, guard);

  // After the guard: a stranger's body is refused before it is read.
  app.use("/api/keystatic/*", studioBodyLimit(bodyLimitBytes));

  app.all("/api/keystatic/*", async (c) => {
    if (!api) return c.text(`The studio API is not configured: ${apiError}`, 500, noStore);
    const request = c.req.raw;
    // Keystatic's own reading of the path: its parts, URL-decoded.
    let params: string[];
    try {
      params = new URL(request.url).pathname
        .replace(/^\/api\/keystatic\/?/, "")
        .split("/")
        .map(decodeURIComponent)
        .filter(Boolean);
    } catch {
      return c.text("This studio address is not valid URL encoding.", 400, noStore);
    }
    const local = baseDirectory !== undefined ? { baseDirectory, files } : undefined;
    // A save as Keystatic routes it (its path's parts, empty ones dropped): `/update/` and `//update`
    // are saves too, and go through the same checks (decision 0199).
    const save = local && saves && c.req.method === "POST" && params.join("/") === "update";
    let body: SaveBody | undefined;
    if (save) {
      const checked = await checkStudioSave(request, local.baseDirectory, contentDir, local.files);
      if (!("request" in checked)) return c.text(checked.reason, checked.status, noStore);
      body = (await checked.request.json()) as SaveBody;
    }
    if (local && c.req.method === "GET" && params[0] === "blob" && !(await isStudioFile(params.slice(2).join("/"), local))) {
      return c.text("Not Found", 404, noStore);
    }
    // Without Keystatic's no-cors header the tree is Keystatic's to refuse (400), as before.
    if (local && tree && c.req.method === "GET" && params.join("/") === "tree" && request.headers.get("no-cors") === "1") return treeAnswer(tree, local.files);
    let result: Awaited<ReturnType<typeof api>>;
    try {
      if (body && saves && tree && local) {
        const user = c.get("studioUser");
        const outcome = await saves.save(
          body,
          { url: request.url, headers: request.headers },
          user ? { id: user.id, name: user.name || user.email, email: user.email } : thisMachine,
        );
        if (!outcome.ok) return c.text(outcome.reason, outcome.status, noStore);
        return treeAnswer(tree, local.files);
      }
      result = await api(request);
    } catch (error) {
      // What the checks above cannot foresee about a request's paths still gets its reason, not a 500.
      const code = (error as NodeJS.ErrnoException).code;
      if (!code || !requestPathErrors.has(code)) throw error;
      return c.text(`The studio could not use a path of this request (${code}). Nothing more was changed.`, 400, noStore);
    }
    const headers = new Headers(result.headers as HeadersInit | undefined);
    headers.set("Cache-Control", "no-store");
    return new Response(result.body as BodyInit | null, { status: result.status, headers });
  });
  app.all("/api/keystatic", (c) => c.text("Not Found", 404, noStore));

  app.get("/keystatic/status.json", async (c) => c.json(await studioStatus(c, { publishState, drafts: draftsOfSite, db, preview }), 200, noStore));
  app.get("/keystatic/status", (c) => {
    const nonce = randomBytes(16).toString("base64");
    c.set("contentSecurityPolicy", studioContentSecurityPolicy(nonce, { github }));
    const state: PublishState = publishState?.() ?? { phase: "idle", queued: false };
    const previewStatus = preview ? { ...preview.state(), url: preview.url(new URL(c.req.url)) } : undefined;
    return c.html(publishStatusHtml(state, nonce, previewStatus), 200, noStore);
  });
  // Publish from the studio's badge (decision 0159), as the desk's "Changes to publish" does.
  if (draftsOfSite && db) mountStudioPublish(app, { drafts: draftsOfSite, db, trustedProxies: access.trustedProxies });

  app.use(
    "/keystatic/assets/*",
    serveStatic({
      root: studioDir,
      precompressed: true,
      rewriteRequestPath: (path) => path.replace(/^\/keystatic/, ""),
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );

  // /keystatic and every other path below it is a screen of Keystatic's single-page app.
  app.on(["GET", "HEAD"], ["/keystatic", "/keystatic/*"], async (c) => {
    if (c.req.path.startsWith("/keystatic/assets/")) return c.text("Not Found", 404, noStore);
    const html = await studioPage();
    if (!html) return c.text("The content studio is not built yet: run `npm run build`.", 503, noStore);
    const nonce = randomBytes(16).toString("base64");
    c.set("contentSecurityPolicy", studioContentSecurityPolicy(nonce, { github }));
    const settings = studioSettingsScript({
      ...storage,
      ...(publishState ? { statusUrl: "/keystatic/status.json" } : {}),
      ...(translations.length ? { translations } : {}),
    });
    const page = html.replace("<!--studio-settings-->", `${styleNonceMeta(nonce)}\n    ${settings}`);
    return c.html(c.get("studioFirstAccount") ? withFirstAccountHint(page, nonce) : page, 200, noStore);
  });

  const git =
    storage.storage.kind === "github" && gitOptions
      ? githubHistory({ repo: storage.storage.repo, pathPrefix: storage.storage.pathPrefix, ...gitOptions, owns: files.owns })
      : undefined;
  const history: StudioHistory = {
    github: github ? storage.storage : undefined,
    git,
    branchPreview: git ? branchPreview : undefined,
    saves,
    drafts: draftsOfSite,
    entries,
    db: access.staff?.db,
    config,
  };
  return { app, history };
}

/** What the desk's content history (history-pages.tsx) needs of the studio. */
export type StudioHistory = {
  /** GitHub mode: saves are commits there, not writes of this server (decision 0097). */
  github?: StudioStorageSettings["storage"];
  /** GitHub mode's history: the repository's commits, read and written with the editor's token (decision 0132). */
  git?: GitHubHistory;
  /** GitHub mode's preview of a branch on request (decision 0159). */
  branchPreview?: StudioBranchPreview;
  /** Local mode's writes (absent in GitHub mode or with the API misconfigured). */
  saves?: ContentSaves;
  /** Local mode's drafts and publishing (decision 0159): a publish revision is restored into the published tree. */
  drafts?: Drafts;
  entries: ContentEntries;
  db?: import("../db/db").Database;
  config: AnyConfig;
};
