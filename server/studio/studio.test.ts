import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { parseTrustedProxies } from "../platform/client-address";
import type { StudioAccessOptions } from "./access";
import { thisMachine } from "./content-saves";
import { createStudio, localBaseDirectory } from "./studio";
import { testStudioConfig } from "../../test-support/studio-config";

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

const gitBlobSha = (body: string) =>
  createHash("sha1")
    .update(`blob ${Buffer.byteLength(body)}\0${body}`)
    .digest("hex");
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

  // Keystatic drops a path's empty parts: each of these reaches its save (decision 0199).
  it.each(["/api/keystatic/update", "/api/keystatic/update/", "/api/keystatic//update"])(
    "refuses a save to %s its content type refuses, naming the field, and writes nothing",
    async (path) => {
      const refused = await request(path, loopback, updateRequest("''"));
      expect(refused.status).toBe(422);
      expect(await refused.text()).toBe("Site cannot be saved: its content type refuses it (phone: Phone must not be empty). Nothing was saved.");
      expect(await readFile(join(contentDir, "site.yaml"), "utf8")).toBe("phone: +880 2 5555 0100\n");
    },
  );

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

describe("what the studio's API lists, reads and writes: only the files its collections and singletons own", () => {
  const request = studioApp();
  const save = (additions: Array<{ path: string; contents: string }>, deletions: string[] = []): RequestInit => ({
    method: "POST",
    headers: { ...noCors, "content-type": "application/json" },
    body: JSON.stringify({
      additions: additions.map(({ path, contents }) => ({ path, contents: base64Url(contents) })),
      deletions: deletions.map((path) => ({ path })),
    }),
  });
  const treePaths = async (response: Response) => ((await response.json()) as Array<{ path: string }>).map((entry) => entry.path).sort();

  beforeEach(async () => {
    // Beside the studio's files: the project (the API's base folder is CONTENT_DIR's parent), a
    // file in content/ no content type names, and one whose name only starts with an owned folder.
    await writeFile(join(root, "package.json"), "{}");
    await writeFile(join(contentDir, "README.md"), "notes");
    await writeFile(join(contentDir, "faqEVIL.yaml"), "answer: no\n");
  });

  it("lists the studio's own files and the folders leading to them, nothing else of the project", async () => {
    const tree = await request("/api/keystatic/tree", loopback, { headers: noCors });
    expect(tree.status).toBe(200);
    expect(await treePaths(tree)).toEqual(["content", "content/faq", "content/faq/moq.yaml", "content/site.yaml"]);
  });

  it("answers a save with that same tree", async () => {
    const saved = await request("/api/keystatic/update", loopback, save([{ path: "content/faq/lead-time.yaml", contents: "answer: Six weeks.\n" }]));
    expect(saved.status).toBe(200);
    expect(await treePaths(saved)).toEqual(["content", "content/faq", "content/faq/lead-time.yaml", "content/faq/moq.yaml", "content/site.yaml"]);
  });

  it("refuses to write a name that only starts with an owned folder, saying why, and writes nothing", async () => {
    const response = await request(
      "/api/keystatic/update",
      loopback,
      save([
        { path: "content/faqEVIL.yaml", contents: "answer: yes\n" },
        { path: "content/faq/ok.yaml", contents: "answer: ok\n" },
      ]),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(
      `"content/faqEVIL.yaml" is not one of the studio's files (only what its collections and singletons name). Nothing was saved.`,
    );
    expect(await readFile(join(contentDir, "faqEVIL.yaml"), "utf8")).toBe("answer: no\n");
    expect(existsSync(join(contentDir, "faq/ok.yaml"))).toBe(false);
  });

  it("refuses to delete a file no content type owns", async () => {
    const response = await request("/api/keystatic/update", loopback, save([], ["content/README.md"]));
    expect(response.status).toBe(400);
    expect(existsSync(join(contentDir, "README.md"))).toBe(true);
  });

  it("does not hand out a file no content type owns", async () => {
    const response = await request(`/api/keystatic/blob/${gitBlobSha("answer: no\n")}/content/faqEVIL.yaml`, loopback, { headers: noCors });
    expect(response.status).toBe(404);
  });
});

describe("a malformed studio request gets 400 or 404 with a reason, never 500", () => {
  const request = studioApp();
  const update = (body: unknown): RequestInit => ({ method: "POST", headers: { ...noCors, "content-type": "application/json" }, body: JSON.stringify(body) });

  it("refuses to delete a folder (content/faq), naming it, and deletes nothing", async () => {
    const response = await request("/api/keystatic/update", loopback, update({ additions: [], deletions: [{ path: "content/faq" }] }));
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(`"content/faq" is a folder: the studio saves and deletes files, never a whole folder. Nothing was saved.`);
    expect(await readFile(join(contentDir, "faq/moq.yaml"), "utf8")).toBe("answer: It depends.\n");
  });

  it.each([
    ["a file written over a folder", { additions: [{ path: "content/faq", contents: base64Url("x") }], deletions: [] }, `"content/faq" is a folder`],
    ["a name ending in a slash", { additions: [{ path: "content/faq/", contents: base64Url("x") }], deletions: [] }, `"content/faq/" is not a file name`],
    [
      "a file below a file",
      { additions: [{ path: "content/site.yaml/x.yaml", contents: base64Url("x") }], deletions: [] },
      `"content/site.yaml/x.yaml" lies below content/site.yaml, which is a file`,
    ],
    [
      "a name of 300 bytes",
      { additions: [{ path: `content/faq/${"q".repeat(300)}.yaml`, contents: base64Url("x") }], deletions: [] },
      "has a name longer than 255 bytes",
    ],
  ])("refuses %s with 400 and the reason, writing nothing", async (_name, body, reason) => {
    const response = await request("/api/keystatic/update", loopback, update(body));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(reason);
    expect(await readFile(join(contentDir, "site.yaml"), "utf8")).toBe("phone: +880 2 5555 0100\n");
  });

  // What Keystatic's `update` refused, refused as it did (its status and word), with why (decision 0200).
  it.each([
    [
      "a key a save does not have",
      { additions: [], deletions: [], replace: true },
      "Bad data: a save holds its additions and deletions, nothing else. Nothing was saved.",
    ],
    [
      "an addition with a key it does not have",
      { additions: [{ path: "content/site.yaml", contents: base64Url("phone: +880 2 5555 0111\n"), mode: "100755" }], deletions: [] },
      "Bad data: each addition holds a path and its contents, each deletion a path, nothing else. Nothing was saved.",
    ],
    [
      "contents that are not base64",
      { additions: [{ path: "content/site.yaml", contents: "phone: +880 2 5555 0111" }], deletions: [] },
      `Bad data: the contents of "content/site.yaml" are not base64. Nothing was saved.`,
    ],
  ])("refuses %s with 400 and the reason, writing nothing", async (_name, body, reason) => {
    const response = await request("/api/keystatic/update", loopback, update(body));
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(reason);
    expect(await readFile(join(contentDir, "site.yaml"), "utf8")).toBe("phone: +880 2 5555 0100\n");
  });

  it("refuses a save without the studio's headers (no-cors, JSON) with 400 and the reason, writing nothing", async () => {
    const response = await request("/api/keystatic/update", loopback, {
      ...updateRequest("+880 2 5555 0111"),
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("Bad Request: a studio save is sent with the headers no-cors: 1 and Content-Type: application/json. Nothing was saved.");
    expect(await readFile(join(contentDir, "site.yaml"), "utf8")).toBe("phone: +880 2 5555 0100\n");
  });

  it.each([
    ["a folder", "/api/keystatic/blob/0000/content/faq", 404],
    ["a file below a file", "/api/keystatic/blob/0000/content/site.yaml/x", 404],
    ["a path that is not valid URL encoding", "/api/keystatic/blob/0000/content/faq/%E0%A4%A", 400],
  ])("answers a read of %s (%s) with %i", async (_name, path, status) => {
    const response = await request(path, loopback, { headers: noCors });
    expect(response.status).toBe(status);
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

describe("a save without the content history", () => {
  it("refuses a photo named by its hash (a restore's), which needs the history: 422, nothing written", async () => {
    const { history } = createStudio({ config: testStudioConfig, storage: { storage: { kind: "local" } }, contentDir, studioDir, access: {} });
    const outcome = await history.saves!.save(
      { additions: [{ path: "content/site.yaml", contents: base64Url("phone: +880 2 5555 0122\n") }], deletions: [] },
      { url: "http://localhost:3000/api/keystatic/update", headers: { ...noCors, "content-type": "application/json" } },
      thisMachine,
      undefined,
      [{ path: "content/media/gallery/shirt.png", sha256: "0".repeat(64) }],
    );
    expect(outcome).toEqual({
      ok: false,
      status: 422,
      reason: "A photo named by its hash needs the content history, which this server has not. Nothing was saved.",
    });
    expect(await readFile(join(contentDir, "site.yaml"), "utf8")).toBe("phone: +880 2 5555 0100\n");
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
