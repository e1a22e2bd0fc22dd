import { type JsonLd as JsonLdData, serializeJsonLd } from "~/lib/json-ld";

export type JsonLdProps = {
  /**
   * The block's data; null in the browser for a block made at build time only (`import.meta.env.SSR
   * ? data() : null`): React neither compares nor replaces the inner HTML of an element it hydrates,
   * so the prerendered JSON stays and its code is not in the page's JavaScript (decision 0167).
   */
  data: JsonLdData | null;
};

/** One schema.org block as <script type="application/ld+json">; prerendered, so crawlers see it without JS. */
export function JsonLd({ data }: JsonLdProps) {
  // The JSON is escaped by serializeJsonLd; React would otherwise HTML-escape the quotes.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: data ? serializeJsonLd(data) : "" }} />;
}
