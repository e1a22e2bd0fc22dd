import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app";

let clientDir: string;
let server: ServerType;
let origin: string;

// Through a real loopback server, as browsers and nginx talk to it.
const app = { request: (path: string, init?: RequestInit) => fetch(origin + path, { redirect: "manual", ...init }) };

beforeAll(async () => {
  clientDir = await mkdtemp(join(tmpdir(), "ssl-client-"));
  await mkdir(join(clientDir, "faq"), { recursive: true });
  await mkdir(join(clientDir, "assets"), { recursive: true });
  await mkdir(join(clientDir, "gallery/nontextile/straw&plasticbasket"), { recursive: true });
  await writeFile(join(clientDir, "index.html"), "<h1>Home</h1>");
  await writeFile(join(clientDir, "faq/index.html"), "<h1>FAQ</h1>");
  await writeFile(join(clientDir, "faq/index.html.gz"), gzipSync("<h1>FAQ</h1>"));
  await writeFile(join(clientDir, "gallery/nontextile/straw&plasticbasket/index.html"), "<h1>Straw</h1>");
  await writeFile(join(clientDir, "assets/root-AbCdEf12.js"), "console.log(1)");
  await writeFile(join(clientDir, "favicon.svg"), "<svg/>");
  await mkdir(join(clientDir, "media/gallery/men/tshirt/photos/0"), { recursive: true });
  await writeFile(join(clientDir, "media/gallery/men/tshirt/photos/0/image-0123456789-480w.avif"), "avif");
  await writeFile(join(clientDir, "404.html"), "<h1>Oops!</h1>");
  await mkdir(join(clientDir, "de"), { recursive: true });
  await writeFile(join(clientDir, "de/404.html"), '<html lang="de"><h1>Oops!</h1><p>Diese Seite gibt es nicht.</p></html>');
  await new Promise<void>((resolve) => {
    server = serve({ fetch: createApp({ clientDir }).fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
      origin = `http://127.0.0.1:${(info as AddressInfo).port}`;
      resolve();
    });
  });
});

afterAll(async () => {
  server.close();
  await rm(clientDir, { recursive: true, force: true });
});

describe("static server", () => {
  it("serves a prerendered page with and without a trailing slash", async () => {
    for (const path of ["/faq", "/faq/"]) {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/text\/html/);
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(await res.text()).toContain("FAQ");
    }
  });

  it("serves the precompressed file the browser accepts", async () => {
    const res = await app.request("/faq", { headers: { "Accept-Encoding": "gzip, deflate" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toMatch(/Accept-Encoding/);
  });

  it("caches hashed assets forever and other files briefly", async () => {
    const asset = await app.request("/assets/root-AbCdEf12.js");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const icon = await app.request("/favicon.svg");
    expect(icon.headers.get("cache-control")).toBe("public, max-age=3600");
    // A photo variant's name carries the photo's content hash: a new photo gets a new name.
    const photo = await app.request("/media/gallery/men/tshirt/photos/0/image-0123456789-480w.avif");
    expect(photo.headers.get("content-type")).toBe("image/avif");
    expect(photo.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("finds gallery items whose name has '&', raw or percent-encoded", async () => {
    for (const path of ["/gallery/nontextile/straw&plasticbasket", "/gallery/nontextile/straw%26plasticbasket"]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain("Straw");
    }
  });

  it("answers the error pages asked for by name with 404, as any unknown path", async () => {
    for (const path of ["/404.html", "/__spa-fallback.html"]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain("Oops!");
    }
  });

  it("answers an unknown path under a language's prefix with 404 and that language's Oops page (decision 0160)", async () => {
    const german = await app.request("/de/no-such-page");
    expect(german.status).toBe(404);
    expect(await german.text()).toContain('lang="de"');
    const byName = await app.request("/de/404.html");
    expect(byName.status).toBe(404);
    // A prefix without its own Oops page in the build (no such language) gets the default one.
    const other = await app.request("/fr/no-such-page");
    expect(other.status).toBe(404);
    expect(await other.text()).toBe("<h1>Oops!</h1>");
  });

  it("answers unknown paths with 404 and the Oops page", async () => {
    const res = await app.request("/no-such-page");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Oops!");
  });

  it("refuses path traversal and malformed escapes with a 404, and keeps serving", async () => {
    for (const path of ["/..%2f..%2fetc/passwd", "/%E0%A4%A", "/faq/..%5c..%5cpackage.json"]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
    }
    expect((await app.request("/")).status).toBe(200);
  });

  it("answers methods other than GET and HEAD with 405", async () => {
    const res = await app.request("/faq", { method: "DELETE" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD");
  });
});
