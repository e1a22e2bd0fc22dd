import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { Readable } from "node:stream";
import busboy from "busboy";
import { formBody, guardedRequest } from "./request-guards";
import { refusedCharacter, showRefused } from "./text-check";

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
      parser = busboy({
        headers: { "content-type": contentType },
        defParamCharset: "utf8",
        limits: { fieldSize: maxTextBytes, fields: maxFormFields, files: maxFormFiles, fieldNameSize: 1024 },
      });
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
 * A form field with a character no keyboard types (NUL and the other C0 controls but tab, LF and
 * CR; DEL; a lone surrogate): decision 0134. `typed` is the form as sent with each such character
 * shown as U+FFFD, so a page can show the visitor what he typed and where it went wrong.
 */
export type RefusedField = { field: string; reason: string; typed: FormData };

/** What answers a refused field: the page that names it (a not-sent page, the form again), or a 400 with the reason. */
export type RefusedFieldAnswer = (c: Context, refused: RefusedField) => Response | Promise<Response>;

/** The first field (its name or its text, a file's name too) with a refused character, or undefined. */
function refusedFieldOf(form: FormData): RefusedField | undefined {
  for (const [name, value] of form) {
    const text = typeof value === "string" ? value : value.name;
    const found = refusedCharacter(name) ?? refusedCharacter(text);
    if (!found) continue;
    const typed = new FormData();
    for (const [n, v] of form) typed.append(showRefused(n), typeof v === "string" ? showRefused(v) : v);
    return { field: showRefused(name), reason: `the field ${JSON.stringify(showRefused(name))} has ${found}, which no form sends`, typed };
  }
  return undefined;
}

/** A refused field's default answer: 400 with the reason. */
export const badRequestForField: RefusedFieldAnswer = (c, refused) => c.text(`Bad Request: ${refused.reason}`, 400);

/**
 * The posted form, read as it streams in; the endpoint's `tooLarge` answer when the body or the
 * form's text is over its limit (requestGuards), or a 400 saying it cannot be read (a malformed body
 * or multipart boundary). A field with a character no keyboard types (decision 0134) is answered by
 * `refused` (by default a 400 naming the field): it never reaches a check, the log or the database.
 */
export async function readForm(c: Context, refused: RefusedFieldAnswer = badRequestForField): Promise<FormData | Response> {
  const guarded = guardedRequest(c);
  let form: FormData;
  try {
    form = await parseForm(c.req.header("content-type") ?? "", c.req.raw.body, guarded?.maxTextBytes ?? Number.POSITIVE_INFINITY);
  } catch (error) {
    if (guarded && (guarded.overLimit || error instanceof FormTooLarge)) return guarded.tooLarge(c);
    return c.text("Bad Request: the form data could not be read (malformed body or boundary)", 400);
  }
  const refusal = refusedFieldOf(form);
  return refusal ? refused(c, refusal) : form;
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
 * A form posted to a page with no guards of its own (the staff desk's forms, the buyer's quotation
 * page), or null when the body is not a form or cannot be read: the caller answers 400 in its own
 * words. A field with a character no keyboard types is answered here, for every such page at once
 * (decision 0134): by `refused` (the page again, with what was typed and the problem), else 400
 * with the reason. That answer is thrown as Hono's HTTPException, which ends the request with it.
 */
export async function readPostedForm(c: Context, refused: RefusedFieldAnswer = badRequestForField): Promise<FormData | null> {
  if (!formBody.type.test(c.req.header("content-type") ?? "")) return null;
  let answer: Response | undefined;
  const form = await readForm(c, async (context, refusal) => (answer = await refused(context, refusal)));
  if (answer) throw new HTTPException(400, { res: answer });
  return form instanceof Response ? null : form;
}
