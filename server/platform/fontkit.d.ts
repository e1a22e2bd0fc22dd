// fontkit (pdfkit's own font library) ships no types: what server/platform/pdf-document.ts uses of it.
declare module "fontkit" {
  /** A parsed font; pdfkit takes it as a font source (anything with `layout`). */
  export type Font = { postscriptName: string; layout(text: string, features?: unknown): unknown };
  /** Parses a TrueType or OpenType font file's bytes. */
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
