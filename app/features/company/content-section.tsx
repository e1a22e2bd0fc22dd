import type { ReactNode } from "react";

export type ContentSectionProps = {
  /** Unique on the page: the heading's id, which labels the section. */
  id: string;
  heading: string;
  intro?: string;
  /** Alternate background so long pages read as distinct blocks. */
  tone?: "plain" | "tinted";
  /** The heading's and intro's language where it is not the page's (decision 0167); the children say their own. */
  lang?: string;
  children?: ReactNode;
};

/** A page section labelled by its h2, in the site's content width. */
export function ContentSection({ id, heading, intro, tone = "plain", lang, children }: ContentSectionProps) {
  return (
    <section aria-labelledby={id} className={tone === "tinted" ? "bg-brand-50" : undefined}>
      <div className="mx-auto max-w-7xl px-4 py-12 md:py-16">
        <h2 id={id} lang={lang} className="text-2xl font-bold tracking-tight text-brand-900 md:text-3xl">
          {heading}
        </h2>
        {intro ? (
          <p lang={lang} className="mt-3 max-w-3xl text-lg text-ink-700">
            {intro}
          </p>
        ) : null}
        {children}
      </div>
    </section>
  );
}

/** A bulleted list with brand-coloured check marks; `lang` where its items are not in the page's language (decision 0170). */
export function CheckList({ items, className = "", lang }: { items: readonly string[]; className?: string; lang?: string }) {
  return (
    <ul lang={lang} className={`mt-6 grid gap-3 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-ink-800">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 fill-brand-600">
            <path d="M8 13.6 4.4 10 3 11.4l5 5 9-9L15.6 6z" />
          </svg>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** Names shown as pills (the standards, the inspection companies): names in every language, never translated. */
export function NameList({ names, className, itemPadding }: { names: readonly string[]; className: string; itemPadding: string }) {
  return (
    <ul className={`flex flex-wrap gap-3 ${className}`}>
      {names.map((name) => (
        <li key={name} className={`rounded-full bg-white py-2 font-semibold text-brand-800 ring-1 ring-brand-100 ${itemPadding}`}>
          {name}
        </li>
      ))}
    </ul>
  );
}
