import { useEffect, useState } from "react";
import type { DraftedEntryStatus, PublishState, StudioPublishAnswer, StudioStatus } from "../app/lib/contracts/publish-state";

export type PublishStatusProps = {
  /** /keystatic/status.json */
  statusUrl: string;
};

const pollMs = 3000;

function describe(state: PublishState | undefined): { text: string; failed: boolean } {
  if (!state) return { text: "Publishing status", failed: false };
  if (state.phase === "building") return { text: "Publishing your changes…", failed: false };
  if (state.phase === "waiting") return { text: "Changes saved; publishing soon", failed: false };
  if (state.last && !state.last.ok) return { text: "Publishing failed: the site shows the previous version. See why", failed: true };
  if (state.last) return { text: `Published ${new Date(state.last.finishedAt).toLocaleTimeString()}`, failed: false };
  return { text: "Site up to date", failed: false };
}

/** The drafted entry the studio shows now (Keystatic's screen of it), if any. */
function entryOnScreen(entries: readonly DraftedEntryStatus[]): DraftedEntryStatus | undefined {
  const path = window.location.pathname.replace(/\/+$/, "");
  return entries.find((entry) => entry.screen && (path === entry.screen || path.startsWith(`${entry.screen}/`)));
}

/** The preview's link text: its state in words, never colour alone. */
function previewText(preview: NonNullable<StudioStatus["preview"]>): string {
  if (preview.phase !== "idle") return "Preview (updating…)";
  if (preview.last && !preview.last.ok) return "Preview (its last build failed)";
  return "Preview";
}

/**
 * A corner badge that says where the last save went. Without drafts: whether it is on the site yet
 * (→ /keystatic/status). With drafts (decision 0159): "Saved as a draft", a link to the preview and
 * a Publish button for the entry on screen (or all drafted entries), posted to the server, which
 * publishes as the desk does, or asks an administrator when the company wants an approval.
 */
export function PublishStatus({ statusUrl }: PublishStatusProps) {
  const [state, setState] = useState<StudioStatus>();
  const [answer, setAnswer] = useState<string>();
  const [posting, setPosting] = useState(false);
  const [poll, setPoll] = useState(0);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const read = async () => {
      try {
        const response = await fetch(statusUrl, { cache: "no-store", headers: { accept: "application/json" } });
        if (response.ok && !stopped) setState((await response.json()) as StudioStatus);
      } catch {
        // Offline for a moment: keep the last known state and try again.
      }
      if (!stopped) timer = setTimeout(read, pollMs);
    };
    void read();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [statusUrl, poll]);

  const drafts = state?.drafts;
  if (!drafts) {
    const { text, failed } = describe(state);
    return (
      <p className="publish-status" data-failed={failed || undefined} role="status">
        <a href="/keystatic/status">{text}</a>
      </p>
    );
  }

  const onScreen = entryOnScreen(drafts.entries);
  const count = drafts.entries.length;
  const { text, failed } = onScreen
    ? { text: "Saved as a draft", failed: false }
    : count > 0
      ? { text: `${count} ${count === 1 ? "entry" : "entries"} not published`, failed: false }
      : describe(state);
  const publish = async () => {
    setPosting(true);
    setAnswer(undefined);
    try {
      const body = new URLSearchParams(onScreen ? [["entry", onScreen.key]] : [["all", "1"]]);
      const response = await fetch(drafts.publishUrl, { method: "POST", body, headers: { accept: "application/json" } });
      const result = (await response.json().catch(() => undefined)) as StudioPublishAnswer | undefined;
      setAnswer(result?.message ?? `Nothing was published: the server answered ${response.status}.`);
    } catch {
      setAnswer("Nothing was published: the server did not answer. Try again in a moment.");
    } finally {
      setPosting(false);
      setPoll((n) => n + 1);
    }
  };
  return (
    <div className="publish-status" data-failed={failed || undefined}>
      <p role="status">
        <a href="/keystatic/status">{text}</a>
        {answer ? <span className="publish-answer"> {answer}</span> : null}
      </p>
      {state?.preview?.url ? (
        <a href={state.preview.url} target="_blank" rel="noreferrer" aria-describedby="publish-status-new-tab">
          {previewText(state.preview)}
        </a>
      ) : null}
      <span id="publish-status-new-tab" hidden>
        opens in a new tab
      </span>
      {count > 0 ? (
        <button type="button" onClick={() => void publish()} disabled={posting}>
          {drafts.needsApproval ? "Ask to publish" : "Publish"}
          {onScreen ? "" : ` all (${count})`}
        </button>
      ) : null}
    </div>
  );
}
