// Keystatic's local mode saves a file without saying which version of it the editor was shown, so a
// save could silently overwrite a restore from the history, a discard or another editor's save made
// meanwhile. This wrapper of the page's fetch remembers each file's hash from the trees Keystatic
// reads (its tree, and the tree each save answers with) and sends, with each save, the hashes of the
// files it writes as the studio last saw them; the server refuses a save whose files changed since
// (409, its reason shown by the studio; decision 0159). The header's name is the server's
// (`seenVersionsHeader` in server/studio/content-saves.ts; the studio never imports server/).

const header = "x-studio-seen";
const treePaths = new Set(["/api/keystatic/tree", "/api/keystatic/update"]);
const savePath = "/api/keystatic/update";

type TreeEntry = { path?: unknown; type?: unknown; sha?: unknown };
type SaveBody = { additions?: Array<{ path: string }>; deletions?: Array<{ path: string }> };

export function sendingSeenVersions(fetchFile: typeof fetch, base: string): typeof fetch {
  let seen: Map<string, string> | undefined;
  return async (input, init) => {
    const request = new Request(typeof input === "string" || input instanceof URL ? new URL(input, base) : input, init);
    const path = new URL(request.url).pathname;
    if (seen && request.method === "POST" && path === savePath) {
      const body = (await request
        .clone()
        .json()
        .catch(() => undefined)) as SaveBody | undefined;
      const paths = [...(body?.additions ?? []), ...(body?.deletions ?? [])].map((file) => file.path);
      if (paths.length) request.headers.set(header, JSON.stringify(Object.fromEntries(paths.map((file) => [file, seen!.get(file) ?? null]))));
    }
    const response = await fetchFile(request);
    if (response.ok && treePaths.has(path)) {
      const entries = (await response
        .clone()
        .json()
        .catch(() => undefined)) as TreeEntry[] | undefined;
      if (Array.isArray(entries)) {
        seen = new Map();
        for (const entry of entries)
          if (entry.type === "blob" && typeof entry.path === "string" && typeof entry.sha === "string") seen.set(entry.path, entry.sha);
      }
    }
    return response;
  };
}
