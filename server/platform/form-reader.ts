import type { Context } from "hono";
import type { Readable } from "node:stream";
import busboy from "busboy";
import { formBody, guardedRequest } from "./request-guards";

// The one form reader of the server: every form post (the lead forms, the staff desk's forms) is
// read here, as it streams in (busboy), within the limits its endpoint's guards set (request-guards.ts).

/** A form over one of the limits that `readForm` itself counts. */
class FormTooLarge extends Error {}

/** Fields (not files) a form may have; 1,000 quote product rows take 7,000. */
const maxFormFields = 10_000;
/** File parts a form may have (the quote form takes 5 files). */
const maxFormFiles = 64;

/**
 * The form as it streams in (busboy), file parts collected. Rejects with FormTooLarge as soon as the
 * bytes that are not a file's content (names, values, multipart framing) pass `maxTextBytes`, so a
 * huge text field is neither buffered nor read to its end; with the parser's error for a body that
 * is no form; or with the body's own error.
 */
function parseForm(contentType: string, body: ReadableStream<Uint8Array> | null, maxTextBytes: number): Promise<FormData> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // A file's name as browsers send it: UTF-8 bytes in the quoted parameter.
      parser = busboy({ headers: { "content-type": contentType }, defParamCharset: "utf8", limits: { fieldSize: maxTextBytes, fields: maxFormFields, files: maxFormFiles, fieldNameSize: 1024 } });
    } catch (error) {
      reject(error);
      return;
    }
    const reader = body?.getReader();
    const form = new FormData();
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      reject(error);
      reader?.cancel().catch(() => {});
      parser.destroy();
    };
    // The parser hands a file's bytes to its stream as it parses (synchronously in write()): what was
    // written and is not in a file stream is the form's text.
    let written = 0;
    let fileBytesRead = 0;
    const openFiles = new Set<Readable>();
    const textBytes = () => {
      let inFiles = fileBytesRead;
      for (const file of openFiles) inFiles += file.readableLength;
      return written - inFiles;
    };
    // Done when the parser has finished and every file part has been collected, in either order.
    let finished = false;
    const done = () => {
      if (finished && openFiles.size === 0 && !failed) resolve(form);
    };
    parser.on("field", (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) fail(new FormTooLarge("a field is over the form's text limit"));
      else form.append(name, value);
    });
    parser.on("file", (name, stream, info) => {
      openFiles.add(stream);
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => {
        fileBytesRead += chunk.length;
        chunks.push(chunk);
      });
      stream.on("end", () => {
        openFiles.delete(stream);
        // Buffers over plain ArrayBuffers (never shared memory), as File takes them.
        form.append(name, new File(chunks as Uint8Array<ArrayBuffer>[], info.filename ?? "", { type: info.mimeType }));
        done();
      });
    });
    for (const limit of ["fieldsLimit", "filesLimit", "partsLimit"] as const) parser.on(limit, () => fail(new FormTooLarge(`the form is over its ${limit}`)));
    parser.on("error", fail);
    parser.on("finish", () => {
      finished = true;
      done();
    });
    void (async () => {
      try {
        while (reader && !failed) {
          const { done: ended, value } = await reader.read();
          if (ended || failed) break;
          written += value.byteLength;
          const more = parser.write(value);
          if (textBytes() > maxTextBytes) fail(new FormTooLarge("the form's text is over its limit"));
          else if (!more) await new Promise((resume) => parser.once("drain", resume).once("close", resume));
        }
        if (!failed) parser.end();
      } catch (error) {
        fail(error);
      }
    })();
  });
}

/**
 * The posted form, read as it streams in; the endpoint's `tooLarge` answer when the body or the
 * form's text is over its limit (requestGuards), or a 400 saying it cannot be read (a malformed body
 * or multipart boundary).
 */
export async function readForm(c: Context): Promise<FormData | Response> {
  const guarded = guardedRequest(c);
  try {
    return await parseForm(c.req.header("content-type") ?? "", c.req.raw.body, guarded?.maxTextBytes ?? Number.POSITIVE_INFINITY);
  } catch (error) {
    if (guarded && (guarded.overLimit || error instanceof FormTooLarge)) return guarded.tooLarge(c);
    return c.text("Bad Request: the form data could not be read (malformed body or boundary)", 400);
  }
}

/** The body as text; the endpoint's `tooLarge` answer when it is over the limit (requestGuards). */
export async function readText(c: Context): Promise<string | Response> {
  const guarded = guardedRequest(c);
  try {
    return await c.req.raw.text();
  } catch {
    if (guarded?.overLimit) return guarded.tooLarge(c);
    return c.text("Bad Request: the body could not be read", 400);
  }
}

/** A text field's value; a file part or a missing field is undefined. */
export function textField(data: FormData, name: string): string | undefined {
  const value = data.get(name);
  return typeof value === "string" ? value : undefined;
}

/** A text field's value without the blanks around it; "" when missing or a file part. */
export const trimmedField = (data: FormData, name: string): string => (textField(data, name) ?? "").trim();

/**
 * A form posted to a page with no guards of its own (the staff desk's forms), or null when the body
 * is not a form or cannot be read: the caller answers 400 in its own words.
 */
export async function readPostedForm(c: Context): Promise<FormData | null> {
  if (!formBody.type.test(c.req.header("content-type") ?? "")) return null;
  const form = await readForm(c);
  return form instanceof Response ? null : form;
}
