import type { Context, MiddlewareHandler } from "hono";
import type { Readable } from "node:stream";
import busboy from "busboy";
import type { createRateLimiter } from "./rate-limit";

/** The body types an endpoint reads, and what its 415 tells a client that sent another. */
export type AcceptedBody = { type: RegExp; hint: string };

export const formBody: AcceptedBody = {
  type: /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i,
  hint: "post the form as application/x-www-form-urlencoded or multipart/form-data",
};

export const jsonBody: AcceptedBody = { type: /^application\/json\s*(;|$)/i, hint: "send JSON (Content-Type: application/json)" };

export type RequestGuardOptions = {
  /** One budget per client, shared by every form endpoint that is given the same limiter. */
  limiter: ReturnType<typeof createRateLimiter>;
  /** The client's rate-limit key (server/client-address.ts). */
  clientKey: (c: Context) => string;
  accepts: AcceptedBody;
  /** The whole body, files included. */
  maxBodyBytes: number;
  /**
   * The text of a form: every field that is not a file, names and values together (default
   * `maxBodyBytes`). The rest of `maxBodyBytes` is for files only; an urlencoded body, all text,
   * has this limit as a whole.
   */
  maxTextBytes?: number;
  /** The answer to a client over its budget; `Retry-After` is already set. */
  tooMany: (c: Context) => Response | Promise<Response>;
  /** The answer to a body over a limit: declared, streamed, or the text of the form. */
  tooLarge: (c: Context) => Response | Promise<Response>;
};

/** What `readForm` and `readText` need from the guards of a request. */
type GuardedRequest = { maxTextBytes: number; tooLarge: RequestGuardOptions["tooLarge"]; overLimit: boolean };
const guardedRequests = new WeakMap<Context, GuardedRequest>();

/** The declared Content-Length, when there is one to believe (chunked bodies have none). */
function declaredLength(c: Context): number | undefined {
  const value = c.req.header("content-length");
  if (value === undefined || c.req.header("transfer-encoding") !== undefined || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value);
}

/**
 * What every post to a lead endpoint passes before its own checks, in one order: the rate limit
 * first (a flood costs no parsing), then the content type (415 with a reason), then the body's size,
 * before any of it is buffered (issue 43 §13): a declared Content-Length over the limit is refused
 * at once, unread; any other body is counted as it streams in, and reading it stops at the first
 * byte over the limit (the Content-Length may be missing or wrong). The handler reads the body with
 * `readForm` or `readText`, which answer `tooLarge` then, and also once a form's text is over
 * `maxTextBytes`, however much room the files would have had.
 */
export function requestGuards({ limiter, clientKey, accepts, maxBodyBytes, maxTextBytes = maxBodyBytes, tooMany, tooLarge }: RequestGuardOptions): [MiddlewareHandler] {
  return [
    async (c, next) => {
      const key = clientKey(c);
      if (!limiter.hit(key)) {
        c.header("Retry-After", String(limiter.retryAfterSeconds(key)));
        return tooMany(c);
      }
      const type = c.req.header("content-type") ?? "";
      if (!accepts.type.test(type)) return c.text(`Unsupported Media Type: ${accepts.hint}`, 415);
      // A urlencoded form is nothing but text.
      const limit = /^application\/x-www-form-urlencoded/i.test(type) ? Math.min(maxBodyBytes, maxTextBytes) : maxBodyBytes;
      const declared = declaredLength(c);
      if (declared !== undefined && declared > limit) return tooLarge(c);
      const guarded: GuardedRequest = { maxTextBytes, tooLarge, overLimit: false };
      guardedRequests.set(c, guarded);
      const body = c.req.raw.body;
      if (body) {
        let size = 0;
        const counted = body.pipeThrough(
          new TransformStream<Uint8Array, Uint8Array>({
            transform(chunk, controller) {
              size += chunk.byteLength;
              if (size <= limit) return controller.enqueue(chunk);
              guarded.overLimit = true;
              controller.error(new Error(`the body is over ${limit} bytes`));
            },
          }),
        );
        c.req.raw = new Request(c.req.raw, { body: counted, duplex: "half" } as RequestInit);
      }
      await next();
    },
  ];
}

/**
 * A form post's answer: 303 See Other to the page of its result (sent, or the problem named), never
 * kept by a cache, so going back and posting again is asked anew.
 */
export function seeOther(c: Context, path: string): Response {
  c.header("Cache-Control", "no-store");
  return c.redirect(path, 303);
}

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
  const guarded = guardedRequests.get(c);
  try {
    return await parseForm(c.req.header("content-type") ?? "", c.req.raw.body, guarded?.maxTextBytes ?? Number.POSITIVE_INFINITY);
  } catch (error) {
    if (guarded && (guarded.overLimit || error instanceof FormTooLarge)) return guarded.tooLarge(c);
    return c.text("Bad Request: the form data could not be read (malformed body or boundary)", 400);
  }
}

/** The body as text; the endpoint's `tooLarge` answer when it is over the limit (requestGuards). */
export async function readText(c: Context): Promise<string | Response> {
  const guarded = guardedRequests.get(c);
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
