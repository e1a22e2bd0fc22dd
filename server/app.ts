import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { cacheControlFor } from "./cache-headers";
import { cspKeyForFile, securityHeaders, type CspScriptHashes } from "./security-headers";
import { createMailApi, type MailOptions } from "./mail/mail-api";

export type AppOptions = {
  /** The prerendered site: build/client. */
  clientDir: string;
  /** Inline-script hashes per page; by default build/security/csp-hashes.json beside clientDir. */
  cspScriptHashes?: CspScriptHashes;
  /** The EmailJS-compatible mail endpoint (POST /api/v1.0/email/send); off when absent. */
  mail?: MailOptions;
};

function readCspScriptHashes(clientDir: string): CspScriptHashes {
  const file = join(clientDir, "..", "security", "csp-hashes.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as CspScriptHashes) : {};
}

/** The production server: prerendered pages and assets, and a real 404 with the Oops page. */
export function createApp({ clientDir, mail, cspScriptHashes = readCspScriptHashes(clientDir) }: AppOptions) {
  // servedPage: the built file answering the request, whose inline scripts the CSP must allow.
  const app = new Hono<{ Variables: { servedPage?: string } }>();
  let notFoundHtml: Promise<string> | undefined;
  let spaFallbackHtml: Promise<string> | undefined;

  app.use("*", async (c, next) => {
    await next();
    const headers = securityHeaders(cspScriptHashes[c.get("servedPage") ?? ""] ?? []);
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  });

  if (mail) app.route("/api/v1.0/email", createMailApi(mail).api);

  app.use(
    "*",
    serveStatic({
      root: clientDir,
      precompressed: true,
      allowPercentInPath: true,
      // decodeURI leaves %26 alone: gallery items such as straw&plasticbasket must match either way.
      rewriteRequestPath: (path) => path.replace(/%26/gi, "&"),
      onFound: (path, c) => {
        c.header("Cache-Control", cacheControlFor(path));
        c.set("servedPage", cspKeyForFile(relative(clientDir, path)));
      },
    }),
  );

  app.on(["POST", "PUT", "PATCH", "DELETE"], "*", (c) => c.text("Method Not Allowed", 405, { Allow: "GET, HEAD" }));

  app.notFound(async (c) => {
    // /gallery/{category}/{item} not prerendered: a case variant of a real item is redirected to it;
    // anything else gets 404 with the SPA fallback, whose router shows the gallery's own not-found message.
    const galleryItem = /^\/gallery\/[^/.]+\/[^/.]+\/?$/.exec(c.req.path.replace(/%26/gi, "&"));
    if (galleryItem && ["GET", "HEAD"].includes(c.req.method)) {
      const canonical = galleryItem[0].replace(/\/$/, "").toLowerCase();
      if (canonical !== galleryItem[0] && existsSync(join(clientDir, canonical, "index.html"))) return c.redirect(canonical, 301);
      spaFallbackHtml ??= readFile(join(clientDir, "__spa-fallback.html"), "utf8").catch(() => "<h1>Loading…</h1>");
      c.header("Cache-Control", "no-cache");
      c.set("servedPage", "/__spa-fallback.html");
      return c.html(await spaFallbackHtml, 404);
    }
    notFoundHtml ??= readFile(join(clientDir, "404.html"), "utf8").catch(() => "<h1>Oops!</h1>");
    c.header("Cache-Control", "no-cache");
    c.set("servedPage", "/404.html");
    return c.html(await notFoundHtml, 404);
  });

  app.onError((error, c) => {
    console.error(error);
    return c.text("Internal Server Error", 500);
  });

  return app;
}
