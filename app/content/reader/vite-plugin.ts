import { relative, sep } from "node:path";
import type { Plugin, ViteDevServer } from "vite";
import { type ContentModuleName, type ContentModules, contentDir, forgetSiteContent, loadSiteContent } from "./site-content.server";

const prefix = "virtual:content/";
const resolvedPrefix = `\0${prefix}`;

/**
 * `import data from "virtual:content/faq"`: content/ read through Keystatic's reader at build
 * (and dev) time, validated, and served as plain JSON modules, one per content module, so a page
 * bundles only what it shows and no Keystatic or Markdoc code reaches the browser. A bad file
 * fails the build with its file and field; in dev, an edit under content/ reloads the page.
 */
export function contentPlugin({ root = contentDir() }: { root?: string } = {}): Plugin {
  const load = () => loadSiteContent(root).then((content) => content.modules);

  return {
    name: "ssl-content",
    async buildStart() {
      // Fail early with every problem listed, before any page is bundled.
      this.addWatchFile(root);
      await load().catch((err: Error) => this.error(err.message));
    },
    resolveId(id) {
      return id.startsWith(prefix) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(resolvedPrefix)) return undefined;
      const name = id.slice(resolvedPrefix.length) as ContentModuleName;
      let data: ContentModules;
      try {
        data = await load();
      } catch (err) {
        this.error((err as Error).message);
      }
      if (!(name in data)) this.error(`virtual:content/${name}: no such content module (app/content/reader/site-content.server.ts)`);
      return `export default ${JSON.stringify(data[name])};`;
    },
    configureServer(server: ViteDevServer) {
      server.watcher.add(root);
      const onChange = (file: string) => {
        if (relative(root, file).startsWith(`..${sep}`)) return;
        forgetSiteContent();
        for (const environment of Object.values(server.environments)) {
          for (const mod of environment.moduleGraph.idToModuleMap.values()) {
            if (mod.id?.startsWith(resolvedPrefix)) environment.moduleGraph.invalidateModule(mod);
          }
        }
        server.ws.send({ type: "full-reload" });
      };
      server.watcher.on("change", onChange);
      server.watcher.on("add", onChange);
      server.watcher.on("unlink", onChange);
    },
  };
}
