import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
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

/** A release folder as a build writes it, with real inline hashes and a build using analytics. */
async function writeRelease(dir: string, home: string) {
  const pages = { "index.html": home, "contact/index.html": contactHtml, "404.html": notFoundHtml };
  const files: Record<string, string> = {
    ...Object.fromEntries(Object.entries(pages).map(([path, html]) => [`client/${path}`, html])),
    "client/assets/entry.client-BxY7kLmQ.js": "console.log('entry');",
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
  return { request: (path: string) => fetch(origin + path), close: () => new Promise<void>((done) => server!.close(() => done())) };
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
});
