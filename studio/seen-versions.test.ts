import { describe, expect, it } from "vitest";
import { sendingSeenVersions } from "./seen-versions";

const base = "https://studio.example/keystatic/singleton/site";
const tree = [
  { path: "content", type: "tree", sha: "t1" },
  { path: "content/site.yaml", type: "blob", sha: "a1" },
];
const saveOf = (...paths: string[]) =>
  JSON.stringify({ additions: paths.map((path) => ({ path, contents: "cGhvbmU" })), deletions: [{ path: "content/old.yaml" }] });

/** The page's fetch as Keystatic calls it, with the server's answers: a tree, then each save's tree. */
function studio(answers: unknown[]) {
  const sent: Request[] = [];
  const fetchFile = (async (input: RequestInfo | URL) => {
    sent.push(input as Request);
    return new Response(JSON.stringify(answers.shift() ?? []), { status: 200, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  return { fetch: sendingSeenVersions(fetchFile, base), sent };
}

describe("the studio's saves say which version of their files the editor was shown", () => {
  it("sends nothing before Keystatic has read a tree", async () => {
    const { fetch, sent } = studio([tree]);
    await fetch("/api/keystatic/update", { method: "POST", body: saveOf("content/site.yaml") });
    expect(sent[0]!.headers.get("x-studio-seen")).toBeNull();
  });

  it("sends each saved file's hash from the tree last read, null for a file the studio did not see, and follows the tree each save answers with", async () => {
    const { fetch, sent } = studio([tree, [{ path: "content/site.yaml", type: "blob", sha: "a2" }]]);
    await fetch("/api/keystatic/tree", { headers: { "no-cors": "1" } });
    await fetch("/api/keystatic/update", { method: "POST", body: saveOf("content/site.yaml", "content/faq/new.yaml") });
    expect(JSON.parse(sent[1]!.headers.get("x-studio-seen")!)).toEqual({ "content/site.yaml": "a1", "content/faq/new.yaml": null, "content/old.yaml": null });
    expect(await sent[1]!.json()).toMatchObject({ additions: [{ path: "content/site.yaml" }, { path: "content/faq/new.yaml" }] });

    await fetch("/api/keystatic/update", { method: "POST", body: saveOf("content/site.yaml") });
    expect(JSON.parse(sent[2]!.headers.get("x-studio-seen")!)).toMatchObject({ "content/site.yaml": "a2" });
  });

  it("leaves other requests as they are", async () => {
    const { fetch, sent } = studio([tree]);
    await fetch("/api/keystatic/tree", { headers: { "no-cors": "1" } });
    await fetch("/keystatic/publish", { method: "POST", body: "all=1" });
    expect(sent[1]!.headers.get("x-studio-seen")).toBeNull();
    expect(sent[1]!.url).toBe("https://studio.example/keystatic/publish");
  });
});
