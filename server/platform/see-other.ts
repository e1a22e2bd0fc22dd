import type { Context } from "hono";

/**
 * A form post's answer: 303 See Other to the page of its result (sent, or the problem named), never
 * kept by a cache, so going back and posting again is asked anew.
 */
export function seeOther(c: Context, path: string): Response {
  c.header("Cache-Control", "no-store");
  return c.redirect(path, 303);
}
