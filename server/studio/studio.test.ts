import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { parseTrustedProxies } from "../client-address";
import type { StudioAccessOptions } from "./access";
import { localBaseDirectory } from "./studio";
import { testStudioConfig } from "./test-config";

let root: string;
let clientDir: string;
let studioDir: string;
let contentDir: string;

const studioHtml = `<!doctype html><html><head><!--studio-settings--></head><body><div id="studio"></div><script type="module" src="/keystatic/assets/main-AbCdEf12.js"></script></body></html>`;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "ssl-studio-"));
  clientDir = join(root, "build/client");
  studioDir = join(root, "build/studio");
  contentDir = join(root, "content");
  await mkdir(clientDir, { recursive: true });
  await mkdir(join(studioDir, "assets"), { recursive: true });
  await writeFile(join(clientDir, "index.html"), "<h1>Home</h1>");
  await writeFile(join(clientDir, "404.html"), "<h1>Oops!</h1>");
  await writeFile(join(studioDir, "index.html"), studioHtml);
  await writeFile(join(studioDir, "assets/main-AbCdEf12.js"), "console.log('studio')");
});

beforeEach(async () => {
  await rm(contentDir, { recursive: true, force: true });
  await mkdir(join(contentDir, "faq"), { recursive: true });
  await writeFile(join(contentDir, "site.yaml"), "phone: +880 2 5555 0100\n");
  await writeFile(join(contentDir, "faq/moq.yaml"), "answer: It depends.\n");
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

type Peer = { address: string };

/** The app as `npm start` builds it, asked by a client at `peer` (the socket address the server sees). */
function studioApp(access: StudioAccessOptions = {}) {
  // Made on first use: the folders exist only once beforeAll has run.
  let app: ReturnType<typeof createApp> | undefined;
  return (path: string, { address }: Peer, init: RequestInit = {}, origin = "http://localhost:3000") =>
    (app ??= createApp({
      clientDir,
      cspHashes: {},
      studio: { config: testStudioConfig, storage: { storage: { kind: "local" } }, contentDir, studioDir, access },
    })).request(`${origin}${path}`, init, { incoming: { socket: { remoteAddress: address, remotePort: 50000, remoteFamily: "IPv4" } } });
}

const loopback = { address: "127.0.0.1" };
const outsider = { address: "203.0.113.7" };
const noCors = { "no-cors": "1" };

const gitBlobSha = (body: string) => createHash("sha1").update(`blob ${Buffer.byteLength(body)}\0${body}`).digest("hex");
const base64Url = (text: string) => Buffer.from(text).toString("base64url");

/** Keystatic's save: POST /api/keystatic/update with the file's new contents. */
const updateRequest = (phone: string): RequestInit => ({
  method: "POST",
  headers: { ...noCors, "content-type": "application/json" },
  body: JSON.stringify({ additions: [{ path: "content/site.yaml", contents: base64Url(`phone: ${phone}\n`) }], deletions: [] }),
});

/** Every kind of studio path: pages, status, assets and the API (read and write). */
const studioRequests: Array<[string, RequestInit]> = [
  ["/keystatic", {}],
  ["/keystatic/singleton/site", {}],
  ["/keystatic/collection/faq/item/moq", {}],
  ["/keystatic/status", {}],
  ["/keystatic/status.json", {}],
  ["/keystatic/assets/main-AbCdEf12.js", {}],
  ["/api/keystatic", {}],
  ["/api/keystatic/tree", { headers: noCors }],
  ["/api/keystatic/blob/0000/content/site.yaml", { headers: noCors }],
  ["/api/keystatic/update", updateRequest("+1 555 0199")],
];

describe("studio from this machine, no staff account", () => {
  const request = studioApp();
  const untrustingRequest = studioApp({ trustedProxies: parseTrustedProxies("none") });

  it("serves the studio page with its own CSP: scripts from the site only, styles with this response's nonce", async () => {
    const response = await request("/keystatic/singleton/site", loopback);
    expect(response.status).toBe(200);
    const html = await response.text();
    const nonce = /<meta property="csp-nonce" content="([^"]+)"/.exec(html)?.[1];
    expect(nonce).toBeTruthy();
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(csp).not.toContain("unsafe");
    expect(html).toContain('<script type="application/json" id="studio-settings">{"storage":{"kind":"local"}}</script>');
    expect(response.headers.get("cache-control")).toBe("no-store");
    const again = await request("/keystatic", loopback);
    expect(again.headers.get("content-security-policy")).not.toContain(`nonce-${nonce}`);
  });

  it("keeps the public pages' CSP for the public pages", async () => {
    const response = await request("/", loopback);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).not.toContain("nonce-");
    expect(response.headers.get("content-security-policy")).toContain("style-src 'self';");
  });

  it("lists, reads and writes the content files through Keystatic's API", async () => {
    const tree = await request("/api/keystatic/tree", loopback, { headers: noCors });
    expect(tree.status).toBe(200);
    expect(JSON.stringify(await tree.json())).toContain("content/site.yaml");

    const body = "phone: +880 2 5555 0100\n";
    const blob = await request(`/api/keystatic/blob/${gitBlobSha(body)}/content/site.yaml`, loopback, { headers: noCors });
    expect(blob.status).toBe(200);
    expect(await blob.text()).toBe(body);

    const saved = await request("/api/keystatic/update", loopback, updateRequest("+880 2 5555 0177"));
    expect(saved.status).toBe(200);
    expect(await readFile(join(contentDir, "site.yaml"), "utf8")).toBe("phone: +880 2 5555 0177\n");
  });

  it("refuses a path outside the content the config names", async () => {
    const response = await request("/api/keystatic/update", loopback, {
      method: "POST",
      headers: { ...noCors, "content-type": "application/json" },
      body: JSON.stringify({ additions: [{ path: "package.json", contents: base64Url("{}") }], deletions: [] }),
    });
    expect(response.status).toBe(400);
  });

  it("serves the studio's hashed assets", async () => {
    const response = await request("/keystatic/assets/main-AbCdEf12.js", loopback);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("console.log('studio')");
  });

  it.each(studioRequests)("refuses %s from another machine with 403 and the reason", async (path, init) => {
    const response = await request(path, outsider, init);
    expect(response.status).toBe(403);
    expect(await response.text()).toMatch(/answers only on this machine.*came from 203\.0\.113\.7.*npm run staff:add/);
    expect(await readFile(join(contentDir, "site.yaml"), "utf8")).toBe("phone: +880 2 5555 0100\n");
  });

  it.each(studioRequests)("refuses %s forwarded by a proxy on this machine (nginx) when TRUSTED_PROXIES=none", async (path, init) => {
    const headers = { ...(init.headers as Record<string, string>), "x-forwarded-for": "127.0.0.1" };
    const response = await untrustingRequest(path, loopback, { ...init, headers });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("came through a proxy");
  });

  it.each(["forwarded", "x-real-ip"])("treats a %s header as a proxied request too", async (header) => {
    const response = await request("/keystatic", loopback, { headers: { [header]: "for=127.0.0.1" } });
    expect(response.status).toBe(403);
  });

  it("refuses a page on this machine that reached it under another name (DNS rebinding)", async () => {
    const response = await request("/api/keystatic/tree", loopback, { headers: noCors }, "http://attacker.example:3000");
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("localhost or 127.0.0.1");
  });

  it("takes 127.0.0.2 and ::1 as this machine", async () => {
    expect((await request("/keystatic", { address: "127.0.0.2" })).status).toBe(200);
    expect((await request("/keystatic", { address: "::1" }, {}, "http://[::1]:3000")).status).toBe(200);
    expect((await request("/keystatic", { address: "::ffff:127.0.0.1" })).status).toBe(200);
  });
});

describe("studio behind a trusted proxy (on this machine: TRUSTED_PROXIES' default), no staff account", () => {
  const request = studioApp();

  it("lets in a client the proxy says is this machine", async () => {
    const response = await request("/keystatic", loopback, { headers: { "x-forwarded-for": "127.0.0.1" } });
    expect(response.status).toBe(200);
  });

  it.each(studioRequests)("refuses %s for a client the proxy says is elsewhere", async (path, init) => {
    const headers = { ...(init.headers as Record<string, string>), "x-forwarded-for": "127.0.0.1, 198.51.100.4" };
    const response = await request(path, loopback, { ...init, headers });
    expect(response.status).toBe(403);
    expect(await readFile(join(contentDir, "site.yaml"), "utf8")).toBe("phone: +880 2 5555 0100\n");
  });

  it("trusts X-Forwarded-For only from a proxy on this machine", async () => {
    const response = await request("/keystatic", outsider, { headers: { "x-forwarded-for": "127.0.0.1" } });
    expect(response.status).toBe(403);
  });
});

describe("studio not built", () => {
  it("says how to build it", async () => {
    const app = createApp({
      clientDir,
      cspHashes: {},
      studio: { config: testStudioConfig, storage: { storage: { kind: "local" } }, contentDir, studioDir: join(root, "nothing"), access: {} },
    });
    const response = await app.request("http://localhost/keystatic", {}, { incoming: { socket: { remoteAddress: "127.0.0.1" } } });
    expect(response.status).toBe(503);
    expect(await response.text()).toContain("npm run build");
  });
});

describe("localBaseDirectory", () => {
  it("is CONTENT_DIR's parent when the config's paths start with content/", () => {
    expect(localBaseDirectory("/tmp/copy/content", testStudioConfig)).toBe("/tmp/copy");
  });
  it("refuses a CONTENT_DIR that is not called content, naming it", () => {
    expect(() => localBaseDirectory("/tmp/copy/site-content", testStudioConfig)).toThrow(/CONTENT_DIR must be a folder named "content".*site-content/);
  });
});
