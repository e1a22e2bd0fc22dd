import type { TextPart } from "~/lib/text-parts";

/** A sentence's parts (app/lib/text-parts.ts): a `span` with its `lang` for a part in another language, the rest as text (decision 0183). */
export function TextParts({ parts }: { parts: readonly TextPart[] }) {
  return parts.map((part, i) =>
    part.lang ? (
      <span key={i} lang={part.lang}>
        {part.text}
      </span>
    ) : (
      part.text
    ),
  );
}
