import { statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { Hono, type Context } from "hono";
import { staffPaths } from "../../app/lib/contracts/staff-paths";
import { builtFiles } from "../platform/built-files";
import { cacheControlFor } from "../platform/cache-headers";
import type { ServedSite } from "../platform/live-site";
import { cspKeyForFile, securityHeaders } from "../platform/security-headers";
import type { StaffDesk } from "../staff/desk-context";
import { loadStaff, type StaffVariables } from "../staff/guard";
import { mayEditContent } from "../staff/roles";
import { staffText } from "../staff/ui/text";
import { previewBarStyleHash, withPreviewBar } from "./preview-bar";

// The preview origin (decision 0159): the preview release (a build of the working copy) served by the
// same server on a port of its own, to signed-in editors and admins only. Everyone else gets the same
// bare 404 for every address, so nothing tells that a preview, or a draft, exists.

export type PreviewOriginOptions = {
  /** The release the preview shows now; undefined before its first build. */
  site: () => ServedSite | undefined;
  /** The staff desk's sessions: its cookie is per host, not per port, so a member signed in on the desk is signed in here. */
  staff: Pick<StaffDesk, "auth" | "trustedProxies">;
  /** The public origin (SITE_URL, or this machine on PORT): the bar links to the same page there. */
  publicOrigin: () => string;
  /** GitHub mode: the branch the preview shows, named in the bar. */
  branch?: () => string | undefined;
  /** More than one machine (decision 0178): the publisher's release the preview shows, if it shows one; the bar names its tree. */
  followed?: () => { tree: string; builtAt: string } | undefined;
  /** What the page before the first build says (default: it is being built); GitHub mode builds on request only. */
  notYet?: string;
};

type PreviewEnv = { Variables: StaffVariables & { served?: ServedSite; servedPage?: string } };

/** Every HTML answer: never kept by a shared cache, nor by the browser past the visit. */
const htmlCache = "private, no-store";

/** The error pages are answers, not pages: asked for by name they are a 404, as on the public site. */
const errorPages = new Set(["/404.html", "/__spa-fallback.html"]);

/** The built file a path names, as the public site resolves it (a folder is its index.html); undefined when none. */
function builtFile(clientDir: string, requestPath: string): string | undefined {
  let name: string;
  try {
    // As server/app.ts: decodeURI leaves %26 alone, and gallery items such as straw&plasticbasket match either way.
    name = decodeURI(requestPath).replace(/%26/gi, "&");
  } catch {
    return undefined;
  }
  if (/(?:^|[/\\])\.{1,2}(?:$|[/\\])|[/\\]{2,}|\\|\0/.test(name)) return undefined;
  let path = join(clientDir, name);
  let stats = statSync(path, { throwIfNoEntry: false });
  if (stats?.isDirectory()) {
    path = join(path, "index.html");
    stats = statSync(path, { throwIfNoEntry: false });
  }
  return stats?.isFile() ? path : undefined;
}

/** The public site's cache rule for a file, kept out of shared caches: the preview may hold a draft's photo. */
const privateCacheControl = (path: string) => cacheControlFor(path).replace(/^public\b/, "private");

export function createPreviewOrigin({ site, staff, publicOrigin, branch, followed, notYet }: PreviewOriginOptions) {
  const app = new Hono<PreviewEnv>();
  const staticFiles = builtFiles<PreviewEnv>(privateCacheControl);

  /** The page as the release has it, with the bar; its CSP is the release's for that page plus the bar's style. */
  const page = async (c: Context<PreviewEnv>, served: ServedSite, file: string, status: 200 | 404) => {
    const html = await readFile(file, "utf8");
    const url = new URL(c.req.url);
    c.set("servedPage", cspKeyForFile(relative(served.clientDir, file)));
    c.header("Cache-Control", htmlCache);
    const origin = publicOrigin();
    const branchShown = branch?.();
    const followedShown = followed?.();
    const shows = branchShown ? { branch: branchShown } : followedShown ? { followed: followedShown } : undefined;
    return c.html(withPreviewBar(html, new URL(url.pathname + url.search, origin).href, new URL(staffPaths.publish, origin).href, shows), status);
  };

  const notFound = (c: Context<PreviewEnv>) => c.text("Not Found", 404, { "Cache-Control": "no-store" });

  // Every answer, a refusal included: kept out of search engines, with the security headers of the
  // public site and the CSP of the release's page (plus the bar's style), or the site's default.
  app.use("*", async (c, next) => {
    await next();
    const served = c.get("served");
    const servedPage = c.get("servedPage");
    const hashes = served && servedPage ? served.cspHashes[servedPage] : undefined;
    const isHtml = (c.res.headers.get("content-type") ?? "").startsWith("text/html");
    const headers = securityHeaders(
      { scripts: hashes?.scripts ?? [], styles: [...(hashes?.styles ?? []), ...(isHtml ? [previewBarStyleHash] : [])] },
      served?.cspOrigins,
    );
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
    c.res.headers.set("X-Robots-Tag", "noindex, nofollow");
  });
  app.use("*", loadStaff(staff.auth, staff.trustedProxies));
  // Only a signed-in editor or admin: a stranger, a sales or HR account gets the same 404 as any unknown address.
  app.use("*", async (c, next) => {
    const member = c.get("staff");
    if (!member || !mayEditContent(member.role)) return notFound(c);
    await next();
  });
  app.use("*", async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return c.text("Method Not Allowed", 405, { Allow: "GET, HEAD", "Cache-Control": "no-store" });
    const served = site();
    if (!served) {
      c.header("Cache-Control", "no-store");
      if (notYet)
        return c.html(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${staffText.preview.bar}</title></head><body><p>${notYet}</p></body></html>`,
          503,
        );
      c.header("Retry-After", "5");
      return c.html(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5"><title>${staffText.preview.bar}</title></head><body><p>${staffText.preview.building}</p></body></html>`,
        503,
      );
    }
    c.set("served", served);
    await next();
  });

  app.get("*", async (c, next) => {
    const served = c.get("served")!;
    const file = errorPages.has(c.req.path) ? undefined : builtFile(served.clientDir, c.req.path);
    if (file?.endsWith(".html")) return page(c, served, file, 200);
    if (file) return staticFiles(served)(c, next);
    const missing = join(served.clientDir, "404.html");
    return statSync(missing, { throwIfNoEntry: false })?.isFile() ? page(c, served, missing, 404) : notFound(c);
  });

  return app;
}
