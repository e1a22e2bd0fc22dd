import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localNginxDir, localNginxMain } from "../deploy/local-nginx.mjs";
import { withFreePorts } from "../scripts/test-setup/free-port.mjs";
import { startTestObjectStorage } from "../test-support/object-storage";
import { createApp } from "./app";
import { objectStorage } from "./platform/object-storage";
import { inlineHashes, staticSecurityHeaders } from "./platform/security-headers";
import { uploadRelease } from "./publish/release-bucket";

// The site straight from the bucket (decision 0162): deploy/bucket-nginx.conf as documented, run by
// real nginx in front of a real S3 server (s3rver) holding releases the publisher's upload wrote.
// Each answer is compared with what the Node server sends for the same file of the same release.

const deployConfig = resolve(import.meta.dirname, "..", "deploy", "bucket-nginx.conf");

function swap(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`deploy/bucket-nginx.conf no longer contains "${from}": update server/bucket-nginx.test.ts`);
  return text.split(from).join(to);
}

/** deploy/bucket-nginx.conf with its deployment's values swapped for the test's: plain HTTP on loopback, s3rver's endpoint and bucket. */
async function localConfig(port: number, endpoint: URL, bucket: string): Promise<string> {
  let conf = await readFile(deployConfig, "utf8");
  conf = swap(conf, "server s3.eu-central-1.amazonaws.com:443;", `server ${endpoint.host};`);
  conf = swap(conf, "s3.eu-central-1.amazonaws.com", endpoint.host);
  conf = swap(conf, "https://ssl_website_bucket/ssl-site/", `http://ssl_website_bucket/${bucket}/`);
  conf = swap(conf, "listen 443 ssl http2;", `listen 127.0.0.1:${port};`);
  conf = swap(conf, "    ssl_certificate     /etc/letsencrypt/live/example.com/fullchain.pem;\n", "");
  conf = swap(conf, "    ssl_certificate_key /etc/letsencrypt/live/example.com/privkey.pem;\n", "");
  return conf;
}

/** nginx with the swapped config on `port`; resolves once it answers there. */
async function startNginx(port: number, endpoint: URL, bucket: string) {
  const dir = await localNginxDir();
  await writeFile(join(dir, "bucket-nginx.conf"), await localConfig(port, endpoint, bucket));
  await writeFile(
    join(dir, "main.conf"),
    localNginxMain(
      dir,
      `    include ${dir}/bucket-nginx.conf;
`,
    ),
  );
  execFileSync("nginx", ["-t", "-q", "-p", dir, "-c", join(dir, "main.conf")], { stdio: "pipe" });
  const nginx = spawn("nginx", ["-p", dir, "-c", join(dir, "main.conf")], { stdio: "ignore" });
  const exited = new Promise<number | null>((done) => nginx.once("exit", done));
  const origin = `http://127.0.0.1:${port}`;
  const errorLog = () => readFile(join(dir, "error.log"), "utf8").catch(() => "");
  const stop = async () => {
    nginx.kill("SIGQUIT");
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
  let gone = false;
  void exited.then(() => (gone = true));
  for (let tries = 0; ; tries++) {
    const answered = await fetch(`${origin}/.ssl-website-release`).then(
      () => true,
      () => false,
    );
    if (answered) break;
    if (gone || tries > 100) {
      const log = await errorLog();
      await stop();
      throw Object.assign(new Error(`nginx did not start: ${log}`), /Address already in use/.test(log) ? { code: "EADDRINUSE" } : {});
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  return { origin, errorLog, stop };
}

const script = (body: string) => `<script>${body}</script>`;
const homeHtml = (words: string) => `<!doctype html><title>Home</title>${script("window.__context={home:1}")}<p>${words}</p>`;
const contactHtml = `<!doctype html><title>Contact</title><style>p{color:#123}</style>${script("window.__context={contact:1}")}<p>Contact: +880 2 5555 0100</p>`;
const notFoundHtml = `<!doctype html><title>Oops</title>${script("window.__context={oops:1}")}<p>Oops</p>`;
const germanNotFoundHtml = `<!doctype html><html lang="de"><title>Hoppla</title>${script("window.__context={oops:'de'}")}<p>Hoppla</p>`;
const entryScript = "console.log('entry');";

/** The build's precompressed copies (scripts/build/steps/precompress.mjs) of a file: its .br and .gz. */
const compressedCopies = (path: string, text: string) => ({ [`${path}.br`]: brotliCompressSync(text), [`${path}.gz`]: gzipSync(text, { level: 9 }) });

/** A release folder as a build writes it, with real inline hashes, a build using analytics and precompressed copies of a page and a script. */
async function writeRelease(dir: string, home: string) {
  const pages = { "index.html": home, "contact/index.html": contactHtml, "404.html": notFoundHtml, "de/404.html": germanNotFoundHtml };
  const files: Record<string, string | Buffer> = {
    ...Object.fromEntries(Object.entries(pages).map(([path, html]) => [`client/${path}`, html])),
    ...compressedCopies("client/contact/index.html", contactHtml),
    "client/assets/entry.client-BxY7kLmQ.js": entryScript,
    ...compressedCopies("client/assets/entry.client-BxY7kLmQ.js", entryScript),
    "client/favicon.svg": "<svg/>",
    "security/csp-hashes.json": JSON.stringify(Object.fromEntries(Object.entries(pages).map(([path, html]) => [`/${path}`, inlineHashes(html)]))),
    "security/csp-origins.json": JSON.stringify({ analytics: true }),
    "server-settings.json": JSON.stringify({ siteUrl: "https://www.example.com" }),
  };
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

let bucket: Awaited<ReturnType<typeof startTestObjectStorage>>;
let nginx: Awaited<ReturnType<typeof startNginx>>;
let root: string;
let node: Awaited<ReturnType<typeof startNode>>;

/** The Node server (`npm start`'s app) serving a release's client folder over real HTTP (some headers are set only as the response is sent). */
async function startNode(clientDir: string) {
  let server: ServerType | undefined;
  const origin = await new Promise<string>((done) => {
    server = serve({ fetch: createApp({ clientDir }).fetch, port: 0, hostname: "127.0.0.1" }, (info) => done(`http://127.0.0.1:${(info as AddressInfo).port}`));
  });
  return { origin, request: (path: string) => fetch(origin + path), close: () => new Promise<void>((done) => server!.close(() => done())) };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "ssl-bucket-site-"));
  bucket = await startTestObjectStorage("site-releases");
  const first = await writeRelease(join(root, "2026-12-06T17-00-00"), homeHtml("First release"));
  await uploadRelease(objectStorage(bucket.settings), first, "2026-12-06T17-00-00", "tree-1");
  node = await startNode(join(first, "client"));
  nginx = await withFreePorts(1, ([port]) => startNginx(port!, new URL(bucket.settings.endpoint), bucket.settings.bucket));
}, 60_000);
afterAll(async () => {
  await nginx?.stop();
  await node?.close();
  await bucket?.close();
  await rm(root, { recursive: true, force: true });
});

const bucketHeaders = (response: Response) => [...response.headers.keys()].filter((name) => name.toLowerCase().startsWith("x-amz-"));

/** A GET by node:http: the body's bytes as sent (fetch would decode a Content-Encoding), with `headers` and nothing else. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((done, failed) => {
    const request = httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", failed);
    });
    request.on("error", failed);
    request.end();
  });
}

describe("deploy/bucket-nginx.conf in front of the bucket", () => {
  it("serves a page of the pointer's release with the CSP the Node server sends for it, the site's security headers and none of the bucket's", async () => {
    const fromBucket = await fetch(`${nginx.origin}/contact/`);
    const fromNode = await node.request("/contact/");
    expect(fromBucket.status, await nginx.errorLog()).toBe(200);
    expect(await fromBucket.text()).toBe(contactHtml);
    expect(fromNode.status).toBe(200);
    const csp = fromBucket.headers.get("Content-Security-Policy");
    expect(csp).toBe(fromNode.headers.get("Content-Security-Policy"));
    // The page's own hashes, not the site's default: its inline script and style are allowed.
    expect(csp).toContain(inlineHashes(contactHtml).scripts[0]);
    expect(csp).toContain("https://www.googletagmanager.com");
    for (const [name, value] of Object.entries(staticSecurityHeaders)) {
      expect(fromBucket.headers.get(name), name).toBe(value);
      expect(fromNode.headers.get(name), name).toBe(value);
    }
    expect(fromBucket.headers.get("Cache-Control")).toBe(fromNode.headers.get("Cache-Control"));
    expect(bucketHeaders(fromBucket)).toEqual([]);
  });

  it("serves a content-hashed asset with its year-long immutable cache", async () => {
    const fromBucket = await fetch(`${nginx.origin}/assets/entry.client-BxY7kLmQ.js`);
    const fromNode = await node.request("/assets/entry.client-BxY7kLmQ.js");
    expect(fromBucket.status).toBe(200);
    expect(await fromBucket.text()).toBe("console.log('entry');");
    expect(fromBucket.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(fromBucket.headers.get("Cache-Control")).toBe(fromNode.headers.get("Cache-Control"));
    expect(fromBucket.headers.get("Content-Security-Policy")).toBe(fromNode.headers.get("Content-Security-Policy"));
    expect(bucketHeaders(fromBucket)).toEqual([]);
  });

  it("gives a hashed file stored without headers (sent before they were stored) its long cache and a CSP that allows nothing", async () => {
    const bytes = Buffer.from("old();");
    await objectStorage(bucket.settings).put("releases/hashed/assets/old-AbCdEf12.js", bytes, {
      contentType: "text/javascript",
      sha256: createHash("sha256").update(bytes).digest("hex"),
    });
    const fromBucket = await fetch(`${nginx.origin}/assets/old-AbCdEf12.js`);
    expect(await fromBucket.text()).toBe("old();");
    expect(fromBucket.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(fromBucket.headers.get("Content-Security-Policy")).toMatch(/^default-src 'none';/);
    expect(fromBucket.headers.get("Content-Security-Policy")).not.toContain("script-src");
  });

  it("answers a path the release lacks with its Oops page as a 404, with that page's CSP", async () => {
    const fromBucket = await fetch(`${nginx.origin}/no-such-page/`);
    expect(fromBucket.status).toBe(404);
    expect(await fromBucket.text()).toBe(notFoundHtml);
    expect(fromBucket.headers.get("Content-Security-Policy")).toContain(inlineHashes(notFoundHtml).scripts[0]);
    expect(bucketHeaders(fromBucket)).toEqual([]);
  });

  it("serves the next release from the request after its pointer is written, without a reload", async () => {
    const second = await writeRelease(join(root, "2026-12-06T18-00-00"), homeHtml("Second release"));
    await uploadRelease(objectStorage(bucket.settings), second, "2026-12-06T18-00-00", "tree-2");
    const fromBucket = await fetch(`${nginx.origin}/`);
    expect(await fromBucket.text()).toBe(homeHtml("Second release"));
    const secondNode = await startNode(join(second, "client"));
    try {
      expect(fromBucket.headers.get("Content-Security-Policy")).toBe((await secondNode.request("/")).headers.get("Content-Security-Policy"));
    } finally {
      await secondNode.close();
    }
    expect(fromBucket.headers.get("Content-Security-Policy")).toContain(inlineHashes(homeHtml("Second release")).scripts[0]);
  });
  it.each([
    { accepts: "gzip, deflate, br", encoding: "br", sent: "the .br copy" },
    { accepts: "br;q=0, gzip", encoding: "gzip", sent: "the .gz copy" },
    { accepts: "gzip", encoding: "gzip", sent: "the .gz copy" },
    { accepts: "identity", encoding: undefined, sent: "the file itself" },
    { accepts: "", encoding: undefined, sent: "the file itself" },
  ])("to a client accepting '$accepts', sends $sent as the Node server does, with the page's type, CSP and Vary", async ({ accepts, encoding }) => {
    const headers: Record<string, string> = accepts ? { "Accept-Encoding": accepts } : {};
    for (const [path, file, text] of [
      ["/contact/", "contact/index.html", contactHtml],
      ["/assets/entry.client-BxY7kLmQ.js", "assets/entry.client-BxY7kLmQ.js", entryScript],
    ] as const) {
      const fromBucket = await rawGet(nginx.origin + path, headers);
      const fromNode = await rawGet(node.origin + path, headers);
      expect(fromBucket.status, `${path} ${await nginx.errorLog()}`).toBe(200);
      const sent = encoding ? compressedCopies(`client/${file}`, text)[`client/${file}.${encoding === "br" ? "br" : "gz"}`]! : Buffer.from(text);
      expect(fromBucket.body.equals(sent), path).toBe(true);
      expect(fromNode.body.equals(sent), path).toBe(true);
      expect(fromBucket.headers["content-encoding"], path).toBe(encoding);
      expect(fromBucket.headers["content-encoding"], path).toBe(fromNode.headers["content-encoding"]);
      expect(fromBucket.headers["content-type"], path).toBe(fromNode.headers["content-type"]);
      expect(fromBucket.headers["content-security-policy"], path).toBe(fromNode.headers["content-security-policy"]);
      expect(fromBucket.headers["cache-control"], path).toBe(fromNode.headers["cache-control"]);
      // The plain answer varies too: a cache must not hand it to every client.
      expect(fromBucket.headers.vary, path).toBe("Accept-Encoding");
      if (encoding) expect(fromNode.headers.vary, path).toBe("Accept-Encoding");
    }
  });

  it("sends a compressible file the build made no copy of (under 1 kB) as it is", async () => {
    const fromBucket = await rawGet(`${nginx.origin}/favicon.svg`, { "Accept-Encoding": "gzip, br" });
    expect(fromBucket.status, await nginx.errorLog()).toBe(200);
    expect(fromBucket.body.toString()).toBe("<svg/>");
    expect(fromBucket.headers["content-encoding"]).toBeUndefined();
    expect(fromBucket.headers["content-type"]).toBe((await node.request("/favicon.svg")).headers.get("Content-Type"));
  });

  it("answers a path the release lacks under a language's prefix with that language's Oops page, else the English one, as the Node server does", async () => {
    for (const [path, page] of [
      ["/de/no-such-page/", germanNotFoundHtml],
      ["/de", germanNotFoundHtml],
      ["/de/404.html", germanNotFoundHtml],
      ["/fr/no-such-page/", notFoundHtml],
      ["/404.html", notFoundHtml],
      ["/gallery/no-such-family/", notFoundHtml],
    ] as const) {
      const fromBucket = await rawGet(nginx.origin + path, { "Accept-Encoding": "gzip, br" });
      const fromNode = await rawGet(node.origin + path, { "Accept-Encoding": "gzip, br" });
      expect(fromBucket.status, `${path} ${await nginx.errorLog()}`).toBe(404);
      expect(fromNode.status, path).toBe(404);
      expect(fromBucket.body.toString(), path).toBe(page);
      expect(fromNode.body.toString(), path).toBe(page);
      expect(fromBucket.headers["content-security-policy"], path).toContain(inlineHashes(page).scripts[0]);
      expect(fromBucket.headers["content-security-policy"], path).toBe(fromNode.headers["content-security-policy"]);
      expect(
        Object.keys(fromBucket.headers).filter((name) => name.startsWith("x-amz-")),
        path,
      ).toEqual([]);
    }
  });
});
