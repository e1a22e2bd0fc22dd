import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it as vitestIt } from "vitest";
import { createApp } from "../app";
import { createLiveSite, readServedSite, type ServedSite } from "../platform/live-site";
import { inlineHashes } from "../platform/security-headers";
import type { StaffRole } from "../staff/roles";
import { aboveTheStore } from "../../test-support/databases";
import type { TestBrowser } from "../../test-support/staff";
import { staffSuite } from "../../test-support/staff-suite";
import { previewBarStyleHash, withPreviewBar } from "./preview-bar";
import { createPreviewOrigin } from "./preview-origin";

/** A release as the build writes it: pages with an inline script and style, their hashes, a hashed asset. */
const pages: Record<string, string> = {
  "index.html": `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>h1{color:#123}</style><title>Home</title></head><body class="site"><h1>Home</h1><script>window.home=1</script></body></html>`,
  "contact/index.html": `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Contact</title></head><body><h1>Contact</h1><p>+880 2 5555 0199</p><script>window.contact=1</script></body></html>`,
  "404.html": `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Oops</title></head><body><h1>Oops!</h1></body></html>`,
};

async function writeRelease(dir: string): Promise<ServedSite> {
  const clientDir = join(dir, "client");
  const hashes: Record<string, unknown> = {};
  for (const [file, html] of Object.entries(pages)) {
    await mkdir(join(clientDir, file, ".."), { recursive: true });
    await writeFile(join(clientDir, file), html);
    hashes[`/${file}`] = inlineHashes(html);
  }
  await mkdir(join(clientDir, "assets"), { recursive: true });
  await writeFile(join(clientDir, "assets/entry-AbCdEf12.js"), "console.log('entry')");
  await writeFile(join(clientDir, "robots.txt"), "User-agent: *\n");
  await mkdir(join(dir, "security"));
  await writeFile(join(dir, "security/csp-hashes.json"), JSON.stringify(hashes));
  return readServedSite(clientDir);
}

const barName = "Preview — not published";
/** The bar the server adds: its style element and its region (what a served page has beyond the release's file). */
const withoutBar = (html: string) => html.replace(/<style data-preview-bar>[^<]*<\/style>/, "").replace(/<section data-preview-bar[^>]*>.*?<\/section>/, "");
const cookieOf = (browser: TestBrowser) => [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");

describe.each(["PGlite"] as const)("preview origin on %s", (driver) => {
  const it = aboveTheStore(driver);
  const { server, signedIn } = staffSuite(driver);
  let root: string;
  let release: ServedSite | undefined;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "ssl-preview-origin-"));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  /** The preview origin as `npm start` makes it, over the staff desk's sessions; asked on its own port. */
  const preview = () => createPreviewOrigin({ site: () => release, staff: server.staff, publicOrigin: () => "https://www.example.com" });
  const ask = (path: string, browser?: TestBrowser, init: RequestInit = {}) =>
    preview().request(`http://localhost:3001${path}`, { ...init, headers: { ...(browser ? { cookie: cookieOf(browser) } : {}), ...init.headers } });

  const released = async () => (release = await writeRelease(await mkdtemp(join(root, "release-"))));

  it("a stranger, a forged cookie, a sales or HR account get the same bare 404 for a page as for an address that does not exist", async () => {
    await released();
    const nobody = await ask("/no-such-page");
    expect(nobody.status).toBe(404);
    const bare = await nobody.text();
    expect(bare).toBe("Not Found");
    const answers: Array<[string, Response]> = [
      ["stranger", await ask("/contact/")],
      ["forged cookie", await ask("/contact/", undefined, { headers: { cookie: "ssl-staff.session_token=forged.value" } })],
      ["stranger's post", await ask("/contact/", undefined, { method: "POST" })],
      ["asset", await ask("/assets/entry-AbCdEf12.js")],
    ];
    for (const role of ["sales", "hr"] as const satisfies StaffRole[]) answers.push([role, await ask("/contact/", await signedIn(role))]);
    for (const [who, response] of answers) {
      expect({ who, status: response.status, body: await response.text() }).toEqual({ who, status: 404, body: bare });
      expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("an editor and an admin see the page with the bar", async () => {
    await released();
    for (const role of ["editor", "admin"] as const satisfies StaffRole[]) {
      const response = await ask("/contact/", await signedIn(role));
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("<p>+880 2 5555 0199</p>");
      expect(html).toContain(`aria-label="${barName}"><strong>${barName}</strong>`);
    }
  });

  it("the bar is a named region with a link to the same page, query included, on the public origin, and one to the desk's publish page", async () => {
    await released();
    const html = await (await ask("/contact/?from=studio&entry=site", await signedIn("editor"))).text();
    const region = /<section data-preview-bar class="ssl-preview-bar" aria-label="([^"]+)">(.*?)<\/section>/.exec(html);
    expect(region?.[1]).toBe(barName);
    expect(region?.[2]).toContain(`<a href="https://www.example.com/contact/?from=studio&amp;entry=site">See this page live</a>`);
    // Publishing is the desk's (another origin): a link to its "Changes to publish", not a form.
    expect(region?.[2]).toContain(`<a href="https://www.example.com/staff/publish">Publish this page</a>`);
    expect(region?.[2]).not.toContain("<form");
    // Right after the opening <body>, its style sheet right before </head>.
    expect(html).toContain(`<body>${region![0]}<h1>Contact</h1>`);
    expect(html).toMatch(/<style data-preview-bar>[^<]+<\/style><\/head>/);
  });

  it("serves each page byte for byte as the release has it, and as the public site serves that release, apart from the bar", async () => {
    await released();
    const editor = await signedIn("editor");
    const publicSite = createApp({ clientDir: release!.clientDir, site: createLiveSite(release!) });
    for (const [path, file, status] of [
      ["/", "index.html", 200],
      ["/contact/", "contact/index.html", 200],
      ["/contact", "contact/index.html", 200],
      ["/no-such-page", "404.html", 404],
      ["/404.html", "404.html", 404],
    ] as const) {
      const response = await ask(path, editor);
      expect({ path, status: response.status }).toEqual({ path, status });
      const html = await response.text();
      expect(html).not.toBe(await readFile(join(release!.clientDir, file), "utf8"));
      expect(withoutBar(html)).toBe(await readFile(join(release!.clientDir, file), "utf8"));
      const published = await publicSite.request(`https://www.example.com${path}`);
      expect({ path, status: published.status }).toEqual({ path, status });
      expect(withoutBar(html)).toBe(await published.text());
      // The same CSP, with the bar's style allowed besides.
      expect(response.headers.get("content-security-policy")!.replace(` '${previewBarStyleHash}'`, "")).toBe(published.headers.get("content-security-policy"));
    }
  });

  it("on an instance following the publisher's previews (decision 0178), the bar says the publishing server built it, when and from which content; still only for editors and admins", async () => {
    await released();
    const tree = "3f9a1c07be52d4e8aa01c2b3d4e5f60718293a4b5c6d7e8f9a0b1c2d3e4f5a6b";
    const following = createPreviewOrigin({
      site: () => release,
      followed: () => ({ tree, builtAt: "2026-12-07T03:41:27.512Z" }),
      staff: server.staff,
      publicOrigin: () => "https://www.example.com",
    });
    const askFollowing = async (browser?: TestBrowser) =>
      following.request("http://localhost:3001/contact/", { headers: browser ? { cookie: cookieOf(browser) } : {} });
    const html = await (await askFollowing(await signedIn("editor"))).text();
    const region = /<section data-preview-bar[^>]*>(.*?)<\/section>/.exec(html);
    expect(region?.[1]).toContain(`<strong>${barName}</strong> <span>built by the publishing server at 2026-12-07 03:41 UTC from content 3f9a1c07be52</span>`);
    const stranger = await askFollowing();
    expect(stranger.status).toBe(404);
    expect(await stranger.text()).toBe("Not Found");
    expect((await askFollowing(await signedIn("sales"))).status).toBe(404);
  });

  it("its HTML: noindex, private and never stored, the release's CSP for that page plus the bar's style", async () => {
    await released();
    const response = await ask("/", await signedIn("editor"));
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const csp = response.headers.get("content-security-policy")!;
    const { scripts, styles } = inlineHashes(pages["index.html"]!);
    expect(csp).toContain(`script-src 'self' '${scripts[0]}'`);
    expect(csp).toContain(`'${styles[0]}'`);
    const barCss = /<style data-preview-bar>([^<]+)<\/style>/.exec(await response.text())![1]!;
    expect(csp).toContain(`'sha256-${createHash("sha256").update(barCss).digest("base64")}'`);
    expect(csp).not.toContain("unsafe-inline");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  it("its other files: the public site's cache rule, kept out of shared caches, noindex too", async () => {
    await released();
    const editor = await signedIn("editor");
    const asset = await ask("/assets/entry-AbCdEf12.js", editor);
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe("console.log('entry')");
    expect(asset.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect(asset.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect((await ask("/robots.txt", editor)).headers.get("cache-control")).toBe("private, max-age=3600");
    expect((await ask("/..%2f..%2fetc/passwd", editor)).status).toBe(404);
  });

  it("shows the release it is given at each request, a page that refreshes itself before the first build, answers HEAD, and takes no posts", async () => {
    const editor = await signedIn("editor");
    release = undefined;
    const waiting = await ask("/contact/", editor);
    expect(waiting.status).toBe(503);
    expect(await waiting.text()).toContain('<meta http-equiv="refresh" content="5">');
    expect(waiting.headers.get("cache-control")).toBe("no-store");
    expect((await ask("/contact/")).status).toBe(404);

    await released();
    expect((await ask("/contact/", editor)).status).toBe(200);
    const head = await ask("/contact/", editor, { method: "HEAD" });
    expect({ status: head.status, body: await head.text(), cache: head.headers.get("cache-control") }).toEqual({
      status: 200,
      body: "",
      cache: "private, no-store",
    });
    expect((await ask("/contact/", editor, { method: "POST" })).status).toBe(405);
  });
});

describe("the preview bar", () => {
  vitestIt("goes at the start of a page without <head> and <body>, and escapes its link", () => {
    const html = withPreviewBar("<p>Fragment</p>", 'https://www.example.com/a?b="c"<d>');
    expect(html.endsWith("<p>Fragment</p>")).toBe(true);
    expect(html).toContain('href="https://www.example.com/a?b=&quot;c&quot;&lt;d&gt;"');
    expect(withoutBar(html)).toBe("<p>Fragment</p>");
  });
});
