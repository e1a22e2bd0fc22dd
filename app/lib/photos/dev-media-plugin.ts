// `npm run dev` only: serves photo variants straight from the pipeline's cache (the build copies them
// into build/client/media instead). A variant URL ends in -{hash}-{width}w.{avif|webp}.
import { createReadStream, existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import { defaultPhotoCacheDir } from "./photo-pipeline.server";

export function photoVariantsInDev(): Plugin {
  return {
    name: "photo-variants-in-dev",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const match = /^\/media\/.+-([0-9a-f]{10})-(\d+w)\.(avif|webp)$/.exec(decodeURI(req.url?.split("?")[0] ?? ""));
        if (!match) return next();
        const cacheDir = defaultPhotoCacheDir();
        const entry = existsSync(cacheDir) ? readdirSync(cacheDir).find((name) => name.startsWith(match[1]!) && !name.includes(".tmp")) : undefined;
        const file = entry && join(cacheDir, entry, `${match[2]}.${match[3]}`);
        if (!file || !existsSync(file)) return next();
        res.setHeader("Content-Type", `image/${match[3]}`);
        createReadStream(file).pipe(res);
      });
    },
  };
}
