import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
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
  maxBodyBytes: number;
  /** The answer to a client over its budget; `Retry-After` is already set. */
  tooMany: (c: Context) => Response | Promise<Response>;
  /** The answer to a body over `maxBodyBytes`, declared or streamed. */
  tooLarge: (c: Context) => Response | Promise<Response>;
};

/**
 * What every post to a lead endpoint passes before its own checks, in one order: the rate limit
 * first (a flood costs no parsing), then the content type (415 with a reason), then the body limit.
 * Two middlewares, because the body limit catches an oversized stream only around the handler that
 * reads it: spread them before that handler.
 */
export function requestGuards({ limiter, clientKey, accepts, maxBodyBytes, tooMany, tooLarge }: RequestGuardOptions): [MiddlewareHandler, MiddlewareHandler] {
  return [
    async (c, next) => {
      const key = clientKey(c);
      if (!limiter.hit(key)) {
        c.header("Retry-After", String(limiter.retryAfterSeconds(key)));
        return tooMany(c);
      }
      if (!accepts.type.test(c.req.header("content-type") ?? "")) return c.text(`Unsupported Media Type: ${accepts.hint}`, 415);
      await next();
    },
    bodyLimit({ maxSize: maxBodyBytes, onError: tooLarge }),
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

/** The posted form, or a 400 saying it cannot be read (a malformed body or multipart boundary). */
export async function readForm(c: Context): Promise<FormData | Response> {
  try {
    return await c.req.raw.formData();
  } catch {
    return c.text("Bad Request: the form data could not be read (malformed body or boundary)", 400);
  }
}

/** A text field's value; a file part or a missing field is undefined. */
export function textField(data: FormData, name: string): string | undefined {
  const value = data.get(name);
  return typeof value === "string" ? value : undefined;
}
