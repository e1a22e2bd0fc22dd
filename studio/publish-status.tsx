import { useEffect, useState } from "react";
import type { PublishState } from "../app/lib/contracts/publish-state";

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

/** A corner link to /keystatic/status that says whether the last save is on the site yet. */
export function PublishStatus({ statusUrl }: PublishStatusProps) {
  const [state, setState] = useState<PublishState>();
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const response = await fetch(statusUrl, { cache: "no-store" });
        if (response.ok && !stopped) setState((await response.json()) as PublishState);
      } catch {
        // Offline for a moment: keep the last known state and try again.
      }
      if (!stopped) timer = setTimeout(poll, pollMs);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [statusUrl]);
  const { text, failed } = describe(state);
  return (
    <p className="publish-status" data-failed={failed || undefined} role="status">
      <a href="/keystatic/status">{text}</a>
    </p>
  );
}
