import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app";

let clientDir: string;
let server: ServerType;
let origin: string;
const get = (path: string) => fetch(origin + path, { redirect: "manual" });

beforeAll(async () => {
  clientDir = await mkdtemp(join(tmpdir(), "ssl-gallery-"));
  await mkdir(join(clientDir, "gallery/men/tshirt"), { recursive: true });
  await mkdir(join(clientDir, "gallery/nontextile/straw&plasticbasket"), { recursive: true });
  await writeFile(join(clientDir, "gallery/men/tshirt/index.html"), "<h1>T-Shirt</h1>");
  await writeFile(join(clientDir, "gallery/men/index.html"), "<h1>Men</h1>");
  await writeFile(join(clientDir, "gallery/nontextile/straw&plasticbasket/index.html"), "<h1>Straw</h1>");
  await writeFile(join(clientDir, "__spa-fallback.html"), "<p>SPA fallback</p>");
  await writeFile(join(clientDir, "404.html"), "<h1>Oops!</h1>");
  await new Promise<void>((resolve) => {
    server = serve({ fetch: createApp({ clientDir }).fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
      origin = `http://127.0.0.1:${(info as AddressInfo).port}`;
      resolve();
    });
  });
});

afterAll(async () => {
  server.close();
  await rm(clientDir, { recursive: true, force: true });
});

describe("unknown gallery paths", () => {
  it("answer 404 with the SPA fallback, so the gallery shows its own not-found message", async () => {
    const res = await get("/gallery/men/nonexistent");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("SPA fallback");
  });

  it("redirect a case variant of a real item to it, '&' raw or encoded", async () => {
    const upper = await get("/gallery/MEN/TSHIRT");
    expect(upper.status).toBe(301);
    expect(upper.headers.get("location")).toBe("/gallery/men/tshirt");
    const encoded = await get("/gallery/NonTextile/Straw%26PlasticBasket");
    expect(encoded.status).toBe(301);
    expect(encoded.headers.get("location")).toBe("/gallery/nontextile/straw&plasticbasket");
  });

  it("redirect a case variant of a family page to it; an unknown family is the Oops page", async () => {
    const upper = await get("/gallery/MEN");
    expect(upper.status).toBe(301);
    expect(upper.headers.get("location")).toBe("/gallery/men");
    const unknown = await get("/gallery/nosuchfamily");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("Oops!");
  });

  it("leave other unknown paths to the Oops page", async () => {
    for (const path of ["/gallery/men/tshirt/extra", "/gallery/men/nonexistent.data", "/no-such-page"]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain("Oops!");
    }
  });
});
