// The prerendered /404 is the Oops page every unknown path gets, with status 404: nginx and the Node
// server answer with build/client/404.html, so the page leaves its folder; each language's
// (/de/404, decision 0160) likewise becomes de/404.html, for unknown paths under its prefix.

export const notFoundPage = {
  name: "not-found-page",
  run({ files }) {
    const pages = files.list().filter((path) => /^([^/]+\/)?404\/index\.html$/.test(path));
    for (const page of pages) files.setBytes(page.replace("404/index.html", "404.html"), files.bytes(page));
    const folders = pages.map((page) => page.replace("index.html", ""));
    for (const path of files.list().filter((path) => folders.some((folder) => path.startsWith(folder)))) files.remove(path);
    return pages.map((page) => `${page} → ${page.replace("404/index.html", "404.html")}`).join(", ");
  },
};
