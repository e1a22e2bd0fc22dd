import type { Context, MiddlewareHandler } from "hono";
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
  /** The client's rate-limit key (server/platform/client-address.ts). */
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

/** What `readForm` and `readText` (form-reader.ts) need from the guards of a request. */
export type GuardedRequest = { maxTextBytes: number; tooLarge: RequestGuardOptions["tooLarge"]; overLimit: boolean };
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
 * before any of it is buffered (decision 0065): a declared Content-Length over the limit is refused
 * at once, unread; any other body is counted as it streams in, and reading it stops at the first
 * byte over the limit (the Content-Length may be missing or wrong). The handler reads the body with
 * `readForm` or `readText`, which answer `tooLarge` then, and also once a form's text is over
 * `maxTextBytes`, however much room the files would have had.
 */
export function requestGuards({
  limiter,
  clientKey,
  accepts,
  maxBodyBytes,
  maxTextBytes = maxBodyBytes,
  tooMany,
  tooLarge,
}: RequestGuardOptions): [MiddlewareHandler] {
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

/** The guards' state of a request (its limits, its answer to a body over them); undefined when it passed none. */
export const guardedRequest = (c: Context): GuardedRequest | undefined => guardedRequests.get(c);
