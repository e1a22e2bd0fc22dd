// The xliff package (locize) ships no types: what server/studio/translations.ts uses of it (decision 0165).
declare module "xliff" {
  type Units = Record<string, Record<string, { source: string; target: string } | { source?: unknown; target?: unknown }>>;
  export type XliffJs = { sourceLanguage?: string; targetLanguage?: string; resources?: Units };
  /** Its JavaScript shape as an XLIFF 2.0 document. */
  export function js2xliff(js: XliffJs): Promise<string>;
  /** An XLIFF 2.0 document as its JavaScript shape; rejects a document it cannot read. */
  export function xliff2js(xml: string): Promise<XliffJs>;
}
