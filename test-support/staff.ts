import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { withFreePorts } from "../scripts/test-setup/free-port.mjs";
import { createApp, type AppOptions } from "../server/app";
import type { Database } from "../server/db/db";
import { testStudioConfig } from "./studio-config";
import type { StudioStorageSettings } from "../studio/storage";
import type { StudioOptions } from "../server/studio/studio";
import { addStaffAccount } from "../server/staff/accounts-cli";
import { createStaffDesk, type StaffDeskOptions } from "../server/staff/desk";
import { passwordProblem } from "../server/staff/password-policy";
import type { StaffRole } from "../server/staff/roles";

export const testPassword = "correct horse battery staple";

/** Every test account: `<role>@example.com` with testPassword. */
export async function addTestAccount(db: Database, role: StaffRole, email = `${role}@example.com`) {
  return addStaffAccount(db, { email, name: `${role[0]!.toUpperCase()}${role.slice(1)} Person`, role, password: testPassword });
}

/**
 * The app as `npm start` builds it (site, staff desk, studio over a temp content copy) on a real
 * loopback server on a free port. Remote clients are simulated through X-Forwarded-For, which the
 * server believes from loopback (TRUSTED_PROXIES' default), as from nginx.
 */
export async function startStaffServer(
  db: Database,
  options: Partial<StaffDeskOptions> = {},
  studioStorage: StudioStorageSettings = { storage: { kind: "local" } },
  appOptions: Partial<AppOptions> = {},
  /** Another server's content folder (two instances writing one content folder); else a new one. */
  sharedContentDir?: string,
  /** More of the studio's options (GitHub mode's history: its copy and the repository's address, and its preview of a branch; the real schema instead of the small test one; the published tree of decision 0159; the publishing status and preview the studio reports). */
  studioOptions: Partial<Pick<StudioOptions, "githubHistory" | "config" | "publishedContentDir" | "publishState" | "preview" | "branchPreview">> = {},
) {
  // zxcvbn's word lists load when a password is first set (a second on a busy machine): here, in
  // the suite's set-up, not inside the first test that adds an account.
  await passwordProblem("warm the estimator up");
  const root = await mkdtemp(join(tmpdir(), "ssl-staff-"));
  const clientDir = join(root, "build/client");
  const studioDir = join(root, "build/studio");
  const contentDir = sharedContentDir ?? join(root, "content");
  await mkdir(clientDir, { recursive: true });
  await mkdir(join(studioDir, "assets"), { recursive: true });
  if (!sharedContentDir) {
    await mkdir(join(contentDir, "faq"), { recursive: true });
    await writeFile(join(contentDir, "site.yaml"), "phone: +880 2 5555 0100\n");
  }
  await writeFile(join(clientDir, "index.html"), "<h1>Home</h1>");
  await writeFile(join(clientDir, "404.html"), "<h1>Oops!</h1>");
  await writeFile(join(studioDir, "index.html"), `<!doctype html><html><head><!--studio-settings--></head><body><div id="studio"></div></body></html>`);
  const staff = await createStaffDesk({ database: db, timeZone: "Asia/Dhaka", ...options });
  const app = createApp({
    clientDir,
    cspHashes: {},
    staff,
    ...appOptions,
    studio: { config: testStudioConfig, storage: studioStorage, contentDir, studioDir, access: {}, ...studioOptions },
  });
  const server = await withFreePorts(
    1,
    ([port]) =>
      new Promise<ServerType>((resolve, reject) => {
        const s = serve({ fetch: app.fetch, port: port!, hostname: "127.0.0.1" }, () => resolve(s));
        s.once("error", reject);
      }),
  );
  const url = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    url,
    contentDir,
    staff,
    /** Every route the app has (Hono's own list), for a pass over all of them. */
    routes: app.routes,
    browser: (init: { forwardedFor?: string; https?: boolean } = {}) => new TestBrowser(url, init),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** A browser as far as the server can tell: keeps cookies, sends Origin and Sec-Fetch-Site on posts, follows nothing. */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  lastSetCookies: string[] = [];
  constructor(
    readonly origin: string,
    readonly init: { forwardedFor?: string; https?: boolean },
  ) {}

  async request(path: string, init: RequestInit & { form?: Record<string, string> } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    if (this.init.forwardedFor) headers.set("x-forwarded-for", this.init.forwardedFor);
    if (this.init.https) headers.set("x-forwarded-proto", "https");
    let body = init.body;
    let method = init.method;
    if (init.form) {
      body = new URLSearchParams(init.form).toString();
      headers.set("content-type", "application/x-www-form-urlencoded");
      method ??= "POST";
      if (!headers.has("origin")) headers.set("origin", this.origin);
    }
    const response = await fetch(`${this.origin}${path}`, { ...init, method, body, headers, redirect: "manual" });
    this.lastSetCookies = response.headers.getSetCookie();
    for (const cookie of this.lastSetCookies) {
      const [pair] = cookie.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (value === "" || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  post(path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
    return this.request(path, { form, headers });
  }

  async signIn(email: string, password = testPassword) {
    return this.post("/staff/sign-in", { email, password, next: "/staff" });
  }
}
