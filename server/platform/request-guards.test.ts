import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit";
import { readForm, readText, textField } from "./form-reader";
import { formBody, jsonBody, requestGuards } from "./request-guards";

/** An endpoint behind the guards that answers with the posted form's "name" (or the JSON's, or the file's size). */
function endpoint({ max = 10, maxBodyBytes = 1024, maxTextBytes = undefined as number | undefined, accepts = formBody } = {}) {
  const app = new Hono();
  app.post(
    "/",
    ...requestGuards({
      limiter: createRateLimiter({ max, windowMs: 60_000 }),
      clientKey: (c) => c.req.header("x-client") ?? "one",
      accepts,
      maxBodyBytes,
      maxTextBytes,
      tooMany: (c) => c.text("slow down", 429),
      tooLarge: (c) => c.text("Payload Too Large: over the limit", 413),
    }),
    async (c) => {
      if (accepts === jsonBody) {
        const text = await readText(c);
        if (text instanceof Response) return text;
        return c.text(`hello ${(JSON.parse(text) as { name: string }).name}`);
      }
      const data = await readForm(c);
      if (data instanceof Response) return data;
      const file = data.get("file");
      return c.text(file instanceof File ? `file of ${file.size} bytes` : `hello ${textField(data, "name") ?? "nobody"}`);
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

/**
 * A body of `head`, then `total` bytes of `fill` in 64 KiB chunks, then `tail`, made only as the
 * server reads it: `read()` says how much it took (a server that buffers the whole body reads it all).
 */
function lazyBody(head: string, total: number, tail = "", fill = 0x78) {
  const encoder = new TextEncoder();
  let made = 0;
  let read = 0;
  const chunk = new Uint8Array(64 * 1024).fill(fill);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(head));
    },
    pull(controller) {
      if (made >= total) {
        controller.enqueue(encoder.encode(tail));
        controller.close();
        return;
      }
      const next = chunk.subarray(0, Math.min(chunk.length, total - made));
      made += next.length;
      read += next.length;
      controller.enqueue(next);
    },
  });
  return { stream, read: () => read };
}

const MiB = 1024 * 1024;
const boundary = "----guard";
const multipartType = { "Content-Type": `multipart/form-data; boundary=${boundary}` };
const textPart = (name: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`;
const filePart = (name: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
const closing = `\r\n--${boundary}--\r\n`;
const postStream = (app: Hono, body: ReadableStream<Uint8Array>, headers: Record<string, string>) =>
  app.request("/", { method: "POST", body, headers, duplex: "half" } as RequestInit);

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
    expect([declared.status, await declared.text()]).toEqual([413, "Payload Too Large: over the limit"]);
    const app = endpoint({ maxBodyBytes: 100 });
    const res = await app.request("/", { method: "POST", body: streamed(10, 50), headers: urlencoded, duplex: "half" } as RequestInit);
    expect([res.status, await res.text()]).toEqual([413, "Payload Too Large: over the limit"]);
  });

  // Decision 0065: 25 MiB text fields were once refused only after each body had been read and buffered.
  it("refuses a declared Content-Length over the limit at once, without reading a byte of the body", async () => {
    const body = lazyBody(textPart("name"), 25 * MiB, closing);
    const res = await postStream(endpoint({ maxBodyBytes: 26 * MiB, maxTextBytes: 512 * 1024 }), body.stream, {
      ...urlencoded,
      "Content-Length": String(25 * MiB + 100),
    });
    expect([res.status, await res.text()]).toEqual([413, "Payload Too Large: over the limit"]);
    expect(body.read()).toBe(0);
  });

  it("stops reading a body streamed without a Content-Length, or with one that lies, at the limit", async () => {
    for (const headers of [urlencoded, { ...urlencoded, "Content-Length": "20" }]) {
      const body = lazyBody("name=", 25 * MiB);
      const res = await postStream(endpoint({ maxBodyBytes: MiB }), body.stream, headers);
      expect([res.status, await res.text()]).toEqual([413, "Payload Too Large: over the limit"]);
      expect(body.read()).toBeLessThanOrEqual(MiB + 64 * 1024);
    }
    const json = lazyBody('{"name":"', 25 * MiB, '"}');
    const res = await postStream(endpoint({ maxBodyBytes: MiB, accepts: jsonBody }), json.stream, { "Content-Type": "application/json" });
    expect([res.status, await res.text()]).toEqual([413, "Payload Too Large: over the limit"]);
    expect(json.read()).toBeLessThanOrEqual(MiB + 64 * 1024);
  });

  it("refuses a form whose text is over its limit as it streams in, though the files' room is larger; files may use it", async () => {
    const app = endpoint({ maxBodyBytes: 26 * MiB, maxTextBytes: 512 * 1024 });
    const text = lazyBody(textPart("message"), 25 * MiB, closing);
    const res = await postStream(app, text.stream, multipartType);
    expect([res.status, await res.text()]).toEqual([413, "Payload Too Large: over the limit"]);
    expect(text.read()).toBeLessThanOrEqual(512 * 1024 + 128 * 1024);
    // An urlencoded form is all text: its declared length is held to the text's limit.
    const declared = await post(app, `name=${"x".repeat(600 * 1024)}`, urlencoded);
    expect(declared.status).toBe(413);

    const file = lazyBody(filePart("file"), 25 * MiB, closing, 0x25);
    const ok = await postStream(app, file.stream, multipartType);
    expect(await ok.text()).toBe(`file of ${25 * MiB} bytes`);
  });

  it("answers a form body that cannot be read with 400 and a reason", async () => {
    const res = await post(endpoint(), "garbage", { "Content-Type": "multipart/form-data; boundary=abc" });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/^Bad Request: the form data could not be read/);
  });
});
