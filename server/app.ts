import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { cacheControlFor } from "./cache-headers";
import { createMailApi, type MailOptions } from "./mail/mail-api";

export type AppOptions = {
  /** The prerendered site: build/client. */
  clientDir: string;
  /** The EmailJS-compatible mail endpoint (POST /api/v1.0/email/send); off when absent. */
  mail?: MailOptions;
};

/** The production server: prerendered pages and assets, and a real 404 with the Oops page. */
export function createApp({ clientDir, mail }: AppOptions) {
  const app = new Hono();
  let notFoundHtml: Promise<string> | undefined;

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
      },
    }),
  );

  app.on(["POST", "PUT", "PATCH", "DELETE"], "*", (c) => c.text("Method Not Allowed", 405, { Allow: "GET, HEAD" }));

  app.notFound(async (c) => {
    notFoundHtml ??= readFile(join(clientDir, "404.html"), "utf8").catch(() => "<h1>Oops!</h1>");
    c.header("Cache-Control", "no-cache");
    return c.html(await notFoundHtml, 404);
  });

  app.onError((error, c) => {
    console.error(error);
    return c.text("Internal Server Error", 500);
  });

  return app;
}
