import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeSecurityConfig } from "../../scripts/build/steps/security-config.mjs";
import { createApp } from "../app";
import {
  contentSecurityPolicy,
  cspKeyForFile,
  cspOriginsFromBuildEnv,
  externalOrigins,
  inlineHashes,
  nginxSecurityConfig,
  routeHeaderStands,
  securityHeaders,
  staticSecurityHeaders,
} from "./security-headers";

const sha256 = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;

describe("inline script hashes", () => {
  it("hashes each inline script's exact text, once, skipping external and empty ones", () => {
    const html = `<script>window.a = 1;</script><script type="module" async="">import "/x.js";\n</script>
      <script src="/assets/app.js"></script><script></script><script>window.a = 1;</script>`;
    expect(inlineHashes(html).scripts).toEqual([sha256("window.a = 1;"), sha256('import "/x.js";\n')]);
  });

  it("matches the value a browser computes for a known script", () => {
    // CSP spec example: the hash of `alert('Hello, world.');`.
    expect(inlineHashes("<script>alert('Hello, world.');</script>").scripts).toEqual(["sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng="]);
  });
});

describe("inlineHashes", () => {
  it("hashes inline scripts and style elements apart, so a style hash never allows a script", () => {
    const html = `<style data-href="/assets/app.css">body{color:red}</style><script>window.a = 1;</script><style></style>`;
    expect(inlineHashes(html)).toEqual({ scripts: [sha256("window.a = 1;")], styles: [sha256("body{color:red}")] });
  });
});

describe("contentSecurityPolicy", () => {
  it("allows the page's hashes and, for a build with no analytics id or EmailJS keys, no outside host but the map", () => {
    const csp = contentSecurityPolicy({ scripts: ["sha256-abc="], styles: ["sha256-css="] });
    expect(csp).toContain("script-src 'self' 'sha256-abc=';");
    expect(csp).toContain("style-src 'self' 'sha256-css=';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("img-src 'self' data:;");
    expect(csp).toContain(`frame-src ${externalOrigins.mapsFrame}`);
    expect(csp).not.toMatch(/googletagmanager|google-analytics|emailjs/);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe|\*;|http:/);
  });

  it("names Google Analytics' hosts only for a build with a measurement id, EmailJS only with all four keys", () => {
    const emailJsKeys = {
      VITE_EMAILJS_PUBLIC_KEY: "pk",
      VITE_EMAILJS_SERVICE_ID: "service",
      VITE_EMAILJS_CONTACT_TEMPLATE_ID: "contact",
      VITE_EMAILJS_CAREER_TEMPLATE_ID: "career",
    };
    expect(cspOriginsFromBuildEnv({})).toEqual({ analytics: false });
    expect(cspOriginsFromBuildEnv({ VITE_GA_MEASUREMENT_ID: "", VITE_EMAILJS_ORIGIN: "https://api.emailjs.com" })).toEqual({ analytics: false });
    expect(cspOriginsFromBuildEnv({ ...emailJsKeys, VITE_EMAILJS_CAREER_TEMPLATE_ID: "" })).toEqual({ analytics: false });
    expect(cspOriginsFromBuildEnv({ VITE_GA_MEASUREMENT_ID: "G-TEST123", ...emailJsKeys })).toEqual({ analytics: true, emailApi: "https://api.emailjs.com" });
    expect(cspOriginsFromBuildEnv({ ...emailJsKeys, VITE_EMAILJS_ORIGIN: "https://mail.example.com/" })).toEqual({
      analytics: false,
      emailApi: "https://mail.example.com",
    });
    expect(() => cspOriginsFromBuildEnv({ ...emailJsKeys, VITE_EMAILJS_ORIGIN: "mail; script-src *" })).toThrow(/VITE_EMAILJS_ORIGIN must be an origin/);

    const csp = contentSecurityPolicy({ scripts: ["sha256-abc="] }, cspOriginsFromBuildEnv({ VITE_GA_MEASUREMENT_ID: "G-TEST123", ...emailJsKeys }));
    expect(csp).toContain(`script-src 'self' 'sha256-abc=' ${externalOrigins.analyticsScript};`);
    expect(csp).toContain(`connect-src 'self' https://api.emailjs.com ${externalOrigins.analyticsScript} ${externalOrigins.analyticsCollect.join(" ")};`);
    expect(csp).toContain(`img-src 'self' data: ${externalOrigins.analyticsScript} ${externalOrigins.analyticsCollect.join(" ")};`);
    const emailOnly = contentSecurityPolicy({}, cspOriginsFromBuildEnv(emailJsKeys));
    expect(emailOnly).toContain("connect-src 'self' https://api.emailjs.com;");
    expect(emailOnly).not.toMatch(/googletagmanager|google-analytics/);
  });

  it("keys built files by URL path, without a precompression suffix", () => {
    expect(cspKeyForFile("faq/index.html.gz")).toBe("/faq/index.html");
    expect(cspKeyForFile("gallery\\a&b\\index.html.br")).toBe("/gallery/a&b/index.html");
  });
});

describe("a route's own security header", () => {
  it("stands when it gives away no more than the site's, and only for a header the site lets a route tighten", () => {
    for (const stricter of ["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin", "No-Referrer"]) {
      expect(routeHeaderStands("Referrer-Policy", stricter), stricter).toBe(true);
    }
    expect(routeHeaderStands("referrer-policy", "no-referrer")).toBe(true);
    for (const looser of ["unsafe-url", "origin", "origin-when-cross-origin", "no-referrer-when-downgrade", "no-referrer, unsafe-url", ""]) {
      expect(routeHeaderStands("Referrer-Policy", looser), looser).toBe(false);
    }
    expect(routeHeaderStands("Referrer-Policy", null)).toBe(false);
    // The site's value of these is already the strictest: a route's never replaces it.
    expect(routeHeaderStands("X-Frame-Options", "SAMEORIGIN")).toBe(false);
    expect(routeHeaderStands("Strict-Transport-Security", "max-age=0")).toBe(false);
  });
});

describe("nginxSecurityConfig", () => {
  const files = nginxSecurityConfig();

  it("adds every header once, always, with the page's CSP from the map", () => {
    const lines = files["security-headers.conf"]!.split("\n").filter((l) => l.startsWith("add_header"));
    expect(lines).toHaveLength(Object.keys(securityHeaders()).length);
    expect(lines).toContain("add_header Content-Security-Policy $content_security_policy always;");
    expect(lines).toContain(`add_header X-Frame-Options "${staticSecurityHeaders["X-Frame-Options"]}" always;`);
    // Pages come from Node with their own hashes; files from disk get the default policy.
    expect(files["csp-map.conf"]).toContain("map $upstream_http_content_security_policy $content_security_policy {");
    expect(files["csp-map.conf"]).toContain("default $upstream_http_content_security_policy;");
    expect(files["csp-map.conf"]).toContain(`"" "${contentSecurityPolicy()}";`);
  });

  it("passes on the Node server's Referrer-Policy (a route's stricter one), the site's for files from disk", () => {
    expect(files["security-headers.conf"]).toContain("add_header Referrer-Policy $referrer_policy always;");
    expect(files["csp-map.conf"]).toContain(
      `map $upstream_http_referrer_policy $referrer_policy {\n    "" "${staticSecurityHeaders["Referrer-Policy"]}";\n    default $upstream_http_referrer_policy;\n}\n`,
    );
    expect(files["proxy-security-headers.conf"]).toContain("proxy_hide_header Referrer-Policy;");
  });

  it("hides the proxied server's copies and limits the mail body to 128 kB", () => {
    expect(files["proxy-security-headers.conf"]).toContain("proxy_hide_header Content-Security-Policy;");
    expect(files["mail-limits.conf"]).toContain("client_max_body_size 128k;");
  });

  it("limits the quote's body to its attachments (25 MB) and 1 MB of text, as the Node server does", () => {
    expect(files["quote-limits.conf"]).toContain("client_max_body_size 26624k;");
  });

  it("limits the studio's body to 64 MB, as the Node server does", () => {
    expect(files["studio-limits.conf"]).toContain("client_max_body_size 65536k;");
  });
});

describe("the build step and the Node server", () => {
  let buildDir: string;
  const faqHtml = "<style>main{margin:0}</style><h1>FAQ</h1><script>window.faq = true;</script>";
  const oopsHtml = "<h1>Oops!</h1><script>window.oops = true;</script>";

  beforeAll(async () => {
    buildDir = await mkdtemp(join(tmpdir(), "ssl-build-"));
    await mkdir(join(buildDir, "client/faq"), { recursive: true });
    await writeFile(join(buildDir, "client/faq/index.html"), faqHtml);
    await writeFile(join(buildDir, "client/404.html"), oopsHtml);
    await writeFile(join(buildDir, "client/favicon.svg"), "<svg/>");
    await writeSecurityConfig(buildDir, {});
  });

  afterAll(() => rm(buildDir, { recursive: true, force: true }));

  it("writes each page's hashes (for Node) and the nginx includes", async () => {
    const hashes = JSON.parse(await readFile(join(buildDir, "security/csp-hashes.json"), "utf8"));
    expect(hashes).toEqual({
      "/faq/index.html": { scripts: [sha256("window.faq = true;")], styles: [sha256("main{margin:0}")] },
      "/404.html": { scripts: [sha256("window.oops = true;")], styles: [] },
    });
    // nginx takes each page's CSP from Node, so its files hold no page's hashes (no reload after a publish).
    expect(await readFile(join(buildDir, "nginx/csp-map.conf"), "utf8")).toContain("$upstream_http_content_security_policy");
    expect(await readFile(join(buildDir, "nginx/studio-limits.conf"), "utf8")).toContain("client_max_body_size");
  });

  it("sends each page the CSP of its own inline scripts and every other header", async () => {
    const app = createApp({ clientDir: join(buildDir, "client") });
    const page = await app.request("/faq/");
    expect(Object.fromEntries(page.headers)).toMatchObject(
      Object.fromEntries(
        Object.entries(securityHeaders({ scripts: [sha256("window.faq = true;")], styles: [sha256("main{margin:0}")] })).map(([k, v]) => [k.toLowerCase(), v]),
      ),
    );
    const missing = await app.request("/nowhere");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-security-policy")).toBe(contentSecurityPolicy({ scripts: [sha256("window.oops = true;")] }));
    const icon = await app.request("/favicon.svg");
    expect(icon.headers.get("content-security-policy")).toBe(contentSecurityPolicy());
    const refused = await app.request("/faq", { method: "DELETE" });
    expect(refused.status).toBe(405);
    expect(refused.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

// `npm start`'s server makes its site with the same readServedSite(clientDir) as createApp does here
// (server/index.ts), so these stand for it too: server/npm-start.test.ts no longer starts two servers
// to read this header again (decision 0186).
describe("the outside hosts a build uses, in both servers' CSP", () => {
  const roots: string[] = [];
  afterAll(() => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));

  /** A one-page build made with this (Vite) environment, as postbuild writes it. */
  async function buildWith(env: Record<string, string>) {
    const buildDir = await mkdtemp(join(tmpdir(), "ssl-build-env-"));
    roots.push(buildDir);
    await mkdir(join(buildDir, "client"), { recursive: true });
    await writeFile(join(buildDir, "client/index.html"), "<h1>Home</h1>");
    await writeSecurityConfig(buildDir, env);
    const nginxDefault = await readFile(join(buildDir, "nginx/csp-map.conf"), "utf8");
    const page = await createApp({ clientDir: join(buildDir, "client") }).request("/");
    return { nginx: nginxDefault, node: page.headers.get("content-security-policy") ?? "" };
  }

  it("leaves Google Analytics and EmailJS out when the build has neither", async () => {
    const { nginx, node } = await buildWith({});
    expect(node).toContain("connect-src 'self';");
    expect(`${nginx}\n${node}`).not.toMatch(/googletagmanager|google-analytics|emailjs/);
  });

  it("lets them in when the build has an analytics id and all four EmailJS keys", async () => {
    const { nginx, node } = await buildWith({
      VITE_GA_MEASUREMENT_ID: "G-TEST123",
      VITE_EMAILJS_PUBLIC_KEY: "pk",
      VITE_EMAILJS_SERVICE_ID: "service",
      VITE_EMAILJS_CONTACT_TEMPLATE_ID: "contact",
      VITE_EMAILJS_CAREER_TEMPLATE_ID: "career",
    });
    for (const csp of [nginx, node]) {
      expect(csp).toContain(`script-src 'self' ${externalOrigins.analyticsScript}`);
      expect(csp).toContain("https://api.emailjs.com");
    }
  });
});
