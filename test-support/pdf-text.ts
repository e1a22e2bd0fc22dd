import { inflateSync } from "node:zlib";
import { extractText, getDocumentProxy } from "unpdf";

// What a PDF reader and a screen reader get from the site's PDFs (decisions 0175, 0188): the text as
// extracted, the document's language (the catalog's /Lang) and each marked-content span's language
// and text (a passage in another language than the document's).

type Bytes = Uint8Array | Buffer;

/** The text a PDF reader extracts, its pages joined and its white space made single spaces. */
export async function pdfText(bytes: Bytes): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

/** The document's language: the catalog's /Lang (the catalog is not in a compressed stream). */
export const documentLang = (bytes: Bytes) => /\/Type \/Catalog[^>]*?\/Lang \(([^)]*)\)/.exec(Buffer.from(bytes).toString("latin1"))?.[1];

/** The language of each marked-content span, from the pages' (compressed) content streams. */
export function spanLangs(bytes: Bytes): string[] {
  const pdf = Buffer.from(bytes).toString("latin1");
  const streams = [...pdf.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((m) => {
    try {
      return inflateSync(Buffer.from(m[1]!, "latin1")).toString("latin1");
    } catch {
      return ""; // a stream not deflated (none in pdfkit's output but fonts' and images')
    }
  });
  return streams.flatMap((s) => [...s.matchAll(/\/Span <<\s*\/Lang \(([^)]*)\)\s*>> BDC/g)].map((m) => m[1]!));
}

/** The text inside each marked-content span (an outermost one), as a PDF reader extracts it. */
export async function spanTexts(bytes: Bytes): Promise<string[]> {
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  const spans: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const { items } = await (await doc.getPage(n)).getTextContent({ includeMarkedContent: true });
    let depth = 0;
    for (const item of items) {
      // pdf.js gives a marked content's tag beside its type (not in its types).
      if ("type" in item && item.type === "beginMarkedContentProps" && (item as { tag?: string }).tag === "Span") {
        if (depth++ === 0) spans.push("");
      } else if ("type" in item && item.type === "endMarkedContent") depth = Math.max(0, depth - 1);
      else if ("str" in item && depth > 0) spans[spans.length - 1] += `${item.str} `;
    }
  }
  return spans.map((t) => t.replace(/\s+/g, " ").trim());
}
