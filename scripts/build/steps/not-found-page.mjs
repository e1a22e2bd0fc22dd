// The prerendered /404 is the Oops page every unknown path gets, with status 404: nginx and the Node
// server answer with build/client/404.html, so the page leaves its folder.

export const notFoundPage = {
  name: "not-found-page",
  run({ files }) {
    files.setBytes("404.html", files.bytes("404/index.html"));
    for (const path of files.list().filter((path) => path.startsWith("404/"))) files.remove(path);
    return "404/index.html → 404.html";
  },
};
