import { type JsonLd as JsonLdData, serializeJsonLd } from "~/lib/json-ld";

export type JsonLdProps = { data: JsonLdData };

/** One schema.org block as <script type="application/ld+json">; prerendered, so crawlers see it without JS. */
export function JsonLd({ data }: JsonLdProps) {
  // The JSON is escaped by serializeJsonLd; React would otherwise HTML-escape the quotes.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
