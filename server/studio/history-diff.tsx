/** @jsxImportSource hono/jsx */
import { diffLines } from "diff";
import { staffText } from "../staff/ui";

// A save's changes as the desk shows them (decision 0096): each text file as its changed lines with two
// lines of context (jsdiff), each photo before and after. Local mode's revisions and GitHub mode's
// commits both render through here.

const t = staffText.history;
const contextLines = 2;

/** Lines of a text, each ending in its newline (the last may not). */
const linesOf = (text: string) => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];

function DiffLines({ before, after }: { before: string; after: string }) {
  const items: Array<{ kind: "same" | "removed" | "added" | "gap"; text: string }> = [];
  const parts = diffLines(before, after);
  parts.forEach((part, index) => {
    const lines = linesOf(part.value).map((line) => line.replace(/\n$/, ""));
    if (part.added || part.removed) {
      for (const line of lines) items.push({ kind: part.added ? "added" : "removed", text: line });
      return;
    }
    const head = index === 0 ? [] : lines.slice(0, contextLines);
    const tail = index === parts.length - 1 ? [] : lines.slice(Math.max(head.length, lines.length - contextLines));
    const hidden = lines.length - head.length - tail.length;
    for (const line of head) items.push({ kind: "same", text: line });
    if (hidden > 0) items.push({ kind: "gap", text: t.unchanged(hidden) });
    for (const line of tail) items.push({ kind: "same", text: line });
  });
  return (
    <ol>
      {items.map((item) =>
        item.kind === "removed" ? (
          <li>
            <del>
              <span class="visually-hidden">{t.before}: </span>− {item.text}
            </del>
          </li>
        ) : item.kind === "added" ? (
          <li>
            <ins>
              <span class="visually-hidden">{t.after}: </span>+ {item.text}
            </ins>
          </li>
        ) : item.kind === "gap" ? (
          <li class="gap">{item.text}</li>
        ) : (
          <li>{`  ${item.text}`}</li>
        ),
      )}
    </ol>
  );
}

/** A changed file: text before and after (null: no such file, or a photo), or a photo's address before and after. */
export type DiffFile = { path: string; beforeText: string | null; afterText: string | null; beforePhoto: string | null; afterPhoto: string | null };

export function FileChange({ file }: { file: DiffFile }) {
  const beforeText = file.beforeText;
  const afterText = file.afterText;
  const binary = file.beforePhoto !== null || file.afterPhoto !== null;
  const state = file.beforeText === null && file.beforePhoto === null ? t.created : file.afterText === null && file.afterPhoto === null ? t.deleted : undefined;
  return (
    <section class="diff" aria-label={file.path}>
      <h3>
        {file.path}
        {state ? ` · ${state}` : ""}
      </h3>
      {binary ? (
        <div class="photos">
          {file.beforePhoto ? (
            <figure>
              <img src={file.beforePhoto} alt={t.photoBefore(file.path)} loading="lazy" />
              <figcaption>{t.before}</figcaption>
            </figure>
          ) : null}
          {file.afterPhoto ? (
            <figure>
              <img src={file.afterPhoto} alt={t.photoAfter(file.path)} loading="lazy" />
              <figcaption>{t.after}</figcaption>
            </figure>
          ) : null}
        </div>
      ) : (
        <DiffLines before={beforeText ?? ""} after={afterText ?? ""} />
      )}
    </section>
  );
}
