// What publishing reports (server/publish/publish-queue.ts keeps it; /keystatic/status serves it as
// JSON): shared with the studio's corner badge (studio/publish-status.tsx), which reads it in the
// browser. Types only.

/** The outcome of one publish, as the status page and the studio's badge show it. */
export type PublishRecord = {
  ok: boolean;
  /** Content files whose change started it (relative to CONTENT_DIR), at most 20. */
  changes: string[];
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  /** The build's output (its tail): a failed content check names the file and field there. */
  output: string;
  /** One line saying why it failed. */
  error?: string;
};

export type PublishState = {
  /** idle: nothing to do; waiting: changes seen, debounce running; building: a build is running. */
  phase: "idle" | "waiting" | "building";
  /** A change arrived during the running build: exactly one more build follows it. */
  queued: boolean;
  /** The build being served and when it went live. */
  live?: { id: string; publishedAt: string };
  last?: PublishRecord;
};

/** A drafted entry as the studio's badge sees it (decision 0159). */
export type DraftedEntryStatus = {
  /** The entry's key in a publish (`singleton:contact:`, `collection:faq:moq`). */
  key: string;
  /** What the studio calls it. */
  label: string;
  /** The studio's screen of the entry (`/keystatic/singleton/contact`), to tell the entry on screen. */
  screen?: string;
};

/**
 * What /keystatic/status.json answers: the public site's publishing (`PublishState`, as before) and,
 * in local mode with drafts (decision 0159), the drafts and the preview.
 */
export type StudioStatus = PublishState & {
  drafts?: {
    entries: DraftedEntryStatus[];
    /** Where the badge posts a publish (`entry` keys, or `all`). */
    publishUrl: string;
    /** This editor's publish waits for an administrator's approval (the company's setting). */
    needsApproval: boolean;
  };
  /**
   * The preview's builds, and its address for the one who asks; `followed`: the publisher's release
   * it shows, on an instance that follows the publisher's previews (decision 0178).
   */
  preview?: PublishState & { url?: string; followed?: { id: string; tree: string; builtAt: string } };
};

/** What a publish from the studio answers: a sentence to show, and what happened. */
export type StudioPublishAnswer = { outcome: "published" | "requested" | "nothing"; message: string } | { outcome: "refused"; message: string };

/**
 * The header the studio's page sends with a save (`studio/seen-versions.ts`), read by
 * `server/studio/content-saves.ts` (decision 0159): each file of the save as the studio last read
 * it, by Git's blob hash as Keystatic's tree names it, or null when the studio saw no such file.
 * Keystatic's local mode sends no base version of its own.
 */
export const seenVersionsHeader = "x-studio-seen";
