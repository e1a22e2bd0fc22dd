import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit";
import { formBody, jsonBody, readForm, requestGuards, textField } from "./request-guards";

/** An endpoint behind the guards that answers with the posted form's "name". */
function endpoint({ max = 10, maxBodyBytes = 1024, accepts = formBody } = {}) {
  const app = new Hono();
  app.post(
    "/",
    ...requestGuards({
      limiter: createRateLimiter({ max, windowMs: 60_000 }),
      clientKey: (c) => c.req.header("x-client") ?? "one",
      accepts,
      maxBodyBytes,
      tooMany: (c) => c.text("slow down", 429),
      tooLarge: (c) => c.text("too large", 413),
    }),
    async (c) => {
      const data = await readForm(c);
      if (data instanceof Response) return data;
      return c.text(`hello ${textField(data, "name") ?? "nobody"}`);
    },
  );
  return app;
}

const post = (app: Hono, body: BodyInit, headers: Record<string, string>) => app.request("/", { method: "POST", body, headers });
const urlencoded = { "Content-Type": "application/x-www-form-urlencoded" };

/** A body streamed in chunks with no Content-Length, as a client that does not declare its size sends it. */
function streamed(chunks: number, size: number) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ < chunks) controller.enqueue(new TextEncoder().encode(`name=${"x".repeat(size)}&`));
      else controller.close();
    },
  });
}

describe("requestGuards", () => {
  it("lets a form within every limit through to its handler", async () => {
    const res = await post(endpoint(), "name=Ada", urlencoded);
    expect(await res.text()).toBe("hello Ada");
  });

  it("answers a client over its budget before looking at the body, with Retry-After, and other clients still pass", async () => {
    const app = endpoint({ max: 1 });
    await post(app, "name=Ada", urlencoded);
    const limited = await post(app, "not even a form", { "Content-Type": "text/plain" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await (await post(app, "name=Bo", { ...urlencoded, "x-client": "two" })).text()).toBe("hello Bo");
  });

  it("answers another content type with 415 naming what the endpoint reads", async () => {
    const form = await post(endpoint(), "{}", { "Content-Type": "application/json" });
    expect(form.status).toBe(415);
    expect(await form.text()).toBe(`Unsupported Media Type: ${formBody.hint}`);
    const json = await post(endpoint({ accepts: jsonBody }), "name=Ada", urlencoded);
    expect(json.status).toBe(415);
    expect(await json.text()).toMatch(/send JSON/);
  });

  it("refuses a body over the limit, declared or only streamed", async () => {
    const declared = await post(endpoint({ maxBodyBytes: 100 }), `name=${"x".repeat(200)}`, urlencoded);
    expect([declared.status, await declared.text()]).toEqual([413, "too large"]);
    const app = endpoint({ maxBodyBytes: 100 });
    const res = await app.request("/", { method: "POST", body: streamed(10, 50), headers: urlencoded, duplex: "half" } as RequestInit);
    expect([res.status, await res.text()]).toEqual([413, "too large"]);
  });

  it("answers a form body that cannot be read with 400 and a reason", async () => {
    const res = await post(endpoint(), "garbage", { "Content-Type": "multipart/form-data; boundary=abc" });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/^Bad Request: the form data could not be read/);
  });
});
