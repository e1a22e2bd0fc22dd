import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Plugin, type ViteDevServer } from "vite";
import { readSiteContent } from "./site-content.server";
import { contentPlugin } from "./vite-plugin";
import { fixtureContentDir } from "../../../fixtures/fixture-content";

// /career rendered to HTML as the build prerenders it, from a copy of the fixture content with no job file:
// the page says no position is open (content/jobs.yaml) and the general form is unchanged.

let dir: string;
let vite: ViteDevServer;

/** One module graph (one React) that renders the /career route module to a string. */
const renderEntry: Plugin = {
  name: "career-render",
  resolveId: (id) => (id === "virtual:career-render" ? "\0career-render" : undefined),
  load: (id) =>
    id === "\0career-render"
      ? `import { createElement } from "react";
         import { renderToString } from "react-dom/server";
         import { createRoutesStub } from "react-router";
         import allMessages from "virtual:content/messages";
         import { MessagesProvider } from "/app/content/messages.tsx";
         import CareerPage, { loader } from "/app/routes/career.tsx";
         // The route's build-time loader, as the prerender runs it (decision 0168); its data given to the first render.
         const page = createElement(createRoutesStub([{ id: "career", path: "/career", Component: CareerPage, loader: () => loader({ params: {} }) }]), {
           initialEntries: ["/career"],
           hydrationData: { loaderData: { career: loader({ params: {} }) } },
         });
         export const html = () => renderToString(createElement(MessagesProvider, { value: allMessages.en }, page));`
      : undefined,
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "content-no-jobs-"));
  await cp(fixtureContentDir, dir, { recursive: true });
  await rm(join(dir, "jobs"), { recursive: true });
  vite = await createServer({
    configFile: false,
    logLevel: "silent",
    root: resolve("."),
    appType: "custom",
    plugins: [contentPlugin({ root: dir }), renderEntry],
    resolve: { alias: { "~": resolve("app") } },
    define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
    server: { middlewareMode: true, hmr: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
});

afterAll(async () => {
  await vite?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("/career with no open position", () => {
  it("says so with the content's words, lists nothing and keeps the general application form as it is", async () => {
    const { modules, messages } = await readSiteContent(dir);
    const { career, localizedJobs, jobWords } = modules;
    const words = messages.en!.careerForm;
    expect(localizedJobs.en).toEqual([]);
    const { html } = (await vite.ssrLoadModule("virtual:career-render")) as { html: () => string };
    const page = html();

    expect(page).toContain(`>${jobWords.en!.heading}</h2>`);
    expect(page).toContain(`>${jobWords.en!.noOpenings}</p>`);
    expect(page).not.toMatch(/href="\/career\/[^"]/);

    expect(page).toContain(`>${career.heading}</h2>`);
    const form = page.slice(page.indexOf("<form"), page.indexOf("</form>"));
    for (const attribute of ['method="post"', 'action="/api/v1.0/email/form/career"', 'encType="multipart/form-data"']) expect(form.slice(0, form.indexOf(">"))).toContain(attribute);
    const input = (name: string) => form.match(new RegExp(`<(?:input|textarea)[^>]*\\sname="${name}"[^>]*>`))?.[0] ?? "";
    for (const name of ["name", "email", "phone", "position", "resume"]) expect(input(name), name).toContain('required=""');
    expect(input("email")).toContain('type="email"');
    expect(input("phone")).toContain('type="tel"');
    expect(input("resume")).toContain('type="file"');
    expect(input("coverLetter")).not.toContain("required");
    expect(input("position")).not.toContain("value=");
    for (const label of [words.name, words.email, words.phone, words.position, words.coverLetter, words.resume]) expect(form).toContain(`>${label}</label>`);
    expect(form).toContain(`>${words.submit}</button>`);
  });
});
