import { escapeHtml } from "../../app/lib/contracts/escape-html";
import type { PublishState } from "./publish-queue";

const escape = escapeHtml;

const time = (iso: string) => `<time datetime="${iso}">${escape(iso.replace("T", " ").replace(/\.\d+Z$/, " UTC"))}</time>`;

/** The publisher's release a preview shows (decision 0178). */
type Followed = { followed?: { tree: string; builtAt: string } };

/**
 * The preview's state in one sentence (decision 0159): building, ready or failed; on an instance that
 * follows the publisher's previews (decision 0178), whose build it shows and of which content tree.
 */
export function previewSentence(preview: PublishState & Followed): string {
  if (preview.followed) {
    const { tree, builtAt } = preview.followed;
    return `The preview shows the publishing server's build of the saves as they were at ${builtAt.slice(0, 16).replace("T", " ")} UTC (content ${tree.slice(0, 12)}); a newer save shows once that server has built it.`;
  }
  if (preview.phase !== "idle") return "The preview is being built with the latest saves.";
  if (preview.last && !preview.last.ok) return "The last preview build failed: the preview shows the version before it.";
  return "The preview is ready: it shows every save.";
}

/** The preview's block of the status page: its state, why a build failed, and the link to it. */
function previewBlock(preview: PublishState & Followed & { url?: string }): string {
  const failed = preview.last && !preview.last.ok ? preview.last : undefined;
  return `<h2>Preview (not published)</h2>
<p class="state">${escape(previewSentence(preview))}</p>
${failed?.error ? `<p class="error"><strong>What went wrong:</strong> ${escape(failed.error)}</p><details><summary>Preview build output</summary><pre>${escape(failed.output || "(none)")}</pre></details>` : ""}
${preview.url ? `<p><a href="${escape(preview.url)}">Open the preview</a></p>` : ""}`;
}

/**
 * What the editor reads at /keystatic/status: is the last change live, and if not, why; with drafts
 * (decision 0159), also the preview's state.
 */
export function publishStatusHtml(state: PublishState, styleNonce: string, preview?: PublishState & Followed & { url?: string }): string {
  const { phase, queued, live, last } = state;
  const now =
    phase === "building"
      ? `Publishing your changes now${queued ? "; newer changes will be published right after" : ""}.`
      : phase === "waiting"
        ? "Changes seen; publishing starts in a moment."
        : last && !last.ok
          ? "The last publish failed: the site still shows the version before it."
          : "Everything saved is published.";
  const lastBlock = last
    ? `<h2>Last publish: ${last.ok ? "succeeded" : "failed"}</h2>
<dl>
<dt>Started</dt><dd>${time(last.startedAt)}</dd>
<dt>Duration</dt><dd>${(last.durationMs / 1000).toFixed(1)} s</dd>
<dt>Changed files</dt><dd>${last.changes.length ? last.changes.map((path) => `<code>${escape(path)}</code>`).join(", ") : "none (first build)"}</dd>
</dl>
${last.error ? `<p class="error" role="alert"><strong>What went wrong:</strong> ${escape(last.error)}</p>` : ""}
<details${last.ok ? "" : " open"}><summary>Build output</summary><pre>${escape(last.output || "(none)")}</pre></details>`
    : "<p>No publish since the server started.</p>";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
${phase === "idle" && (!preview || preview.phase === "idle") ? "" : '<meta http-equiv="refresh" content="3">'}
<title>Publishing status · Content studio</title>
<style nonce="${styleNonce}">
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
.state{font-size:1.25rem;font-weight:600}.error{background:#fdecea;border-left:4px solid #b3261e;padding:.75rem 1rem}
pre{white-space:pre-wrap;background:#f4f4f4;padding:1rem;max-height:40rem;overflow:auto;font-size:.85rem}
dt{font-weight:600}dd{margin:0 0 .5rem}a{color:#0b57d0}a:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>Publishing status</h1>
<p class="state" role="status">${escape(now)}</p>
<p>Live version: ${live ? `built ${time(live.publishedAt)}` : "the build the server started with"}.</p>
${lastBlock}
${preview ? previewBlock(preview) : ""}
<p><a href="/keystatic">Back to the content studio</a></p>
</main>
</body>
</html>`;
}
