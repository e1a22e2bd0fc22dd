import { relative } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { MiddlewareHandler } from "hono";
import type { ServedSite } from "./live-site";
import { cspKeyForFile } from "./security-headers";

/** What a request served from a build's files notes for the CSP: the built file answering it. */
export type BuiltFilesEnv = { Variables: { servedPage?: string } };

/**
 * The files of a build's client folder, one handler per build (the public site, server/app.ts; the
 * preview, server/publish/preview-origin.ts): `cacheControl` gives each file's Cache-Control, and
 * the file's CSP key goes to `servedPage`, whose inline hashes the CSP then allows.
 */
export function builtFiles<E extends BuiltFilesEnv>(cacheControl: (path: string) => string): (served: ServedSite) => MiddlewareHandler<E> {
  const handlers = new WeakMap<ServedSite, MiddlewareHandler<E>>();
  return (served) => {
    let handler = handlers.get(served);
    if (!handler) {
      handler = serveStatic<E>({
        root: served.clientDir,
        precompressed: true,
        allowPercentInPath: true,
        // decodeURI leaves %26 alone: gallery items such as straw&plasticbasket must match either way.
        rewriteRequestPath: (path) => path.replace(/%26/gi, "&"),
        onFound: (path, c) => {
          c.header("Cache-Control", cacheControl(path));
          c.set("servedPage", cspKeyForFile(relative(served.clientDir, path)));
        },
      });
      handlers.set(served, handler);
    }
    return handler;
  };
}
