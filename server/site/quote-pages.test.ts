import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createApp } from "../app";
import { createLiveSite, readServedSite } from "../platform/live-site";
import { tempDirsPerTest } from "../../test-support/temp-dirs";

const dirs = tempDirsPerTest();

const row = (n: number) =>
  `<select name="item-${n}-product"><option value="">Choose a product</option><option value="men/tshirt" data-moq="300" data-lead-time="45" data-terms="Minimum order: 300 pieces per colour.">T-Shirt</option><option value="fashion/straw&amp;plasticbasket">Basket</option></select>`;
const quoteHtml = `<html><body>${row(0)}<details id="quote-more-products">${row(1)}${row(2)}</details></body></html>`;
// The trial-order note as the page prerenders it (app/features/forms/quote/quote-result.test.tsx checks that markup).
const trialNote = `<p id="quote-below-minimum" hidden="" class="mt-4 font-semibold">We will discuss it as a trial order.</p>`;
const sentHtml = `<html><body><p>Your reference: <strong id="quote-reference"></strong></p>${trialNote}</body></html>`;

async function app() {
  await mkdir(join(dirs.clientDir, "quote", "sent"), { recursive: true });
  await writeFile(join(dirs.clientDir, "quote", "index.html"), quoteHtml);
  await writeFile(join(dirs.clientDir, "quote", "sent", "index.html"), sentHtml);
  return createApp({ clientDir: dirs.clientDir });
}

/** The product chosen in each row of the page, in order. */
const chosen = (html: string) =>
  [...html.matchAll(/<select name="item-(\d)-product">(.*?)<\/select>/g)].map((m) => /<option value="([^"]*)" selected=""/.exec(m[2]!)?.[1] ?? "");

describe("/quote and /quote/sent filled in by the server (no JavaScript)", () => {
  it("opens /quote?item={family}/{item} with that product chosen in the first row", async () => {
    const res = await (await app()).request("/quote?item=men/tshirt");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(chosen(html)).toEqual(["men/tshirt", "", ""]);
    expect(html).not.toContain("<details open");
  });

  it("chooses several products in order, the further rows open; '&' in a product's address too", async () => {
    const html = await (await (await app()).request("/quote?item=men/tshirt&item=fashion/straw%26plasticbasket")).text();
    expect(chosen(html)).toEqual(["men/tshirt", "fashion/straw&amp;plasticbasket", ""]);
    expect(html).toContain('<details open="" id="quote-more-products"');
  });

  it("writes nothing from the address that is not a listed product", async () => {
    const html = await (await (await app()).request('/quote?item=men/unknown&item=<script>"x')).text();
    expect(html).toBe(quoteHtml);
  });

  it("shows the reference of /quote/sent?ref= and nothing for a malformed one", async () => {
    const served = await app();
    expect(await (await served.request("/quote/sent?ref=Q-2026-00042")).text()).toContain('<strong id="quote-reference">Q-2026-00042</strong>');
    expect(await (await served.request("/quote/sent?ref=<b>hi</b>")).text()).toContain('<strong id="quote-reference"></strong>');
  });

  it("shows the reference on another language's /de/quote/sent?ref=, where a German request lands (decision 0164); not for a language the build lacks", async () => {
    await mkdir(join(dirs.clientDir, "de", "quote", "sent"), { recursive: true });
    await writeFile(join(dirs.clientDir, "de", "quote", "sent", "index.html"), sentHtml.replace("Your reference", "Ihre Referenz"));
    const served = createApp({ clientDir: dirs.clientDir, site: createLiveSite({ ...readServedSite(dirs.clientDir), locales: ["en", "de"] }) });
    const html = await (await served.request("/de/quote/sent?ref=Q-2026-00042")).text();
    expect(html).toContain('Ihre Referenz: <strong id="quote-reference">Q-2026-00042</strong>');
    expect((await served.request("/fr/quote/sent?ref=Q-2026-00042")).status).toBe(404);
  });

  it("shows the trial-order note of /quote/sent?ref=…&trial=1 (a quantity below a minimum), and keeps it hidden otherwise", async () => {
    const served = await app();
    const shown = `<p id="quote-below-minimum" class="mt-4 font-semibold">We will discuss it as a trial order.</p>`;
    const trial = await (await served.request("/quote/sent?ref=Q-2026-00042&trial=1")).text();
    expect(trial).toContain('<strong id="quote-reference">Q-2026-00042</strong>');
    expect(trial).toContain(shown);
    expect(await (await served.request("/quote/sent?ref=Q-2026-00042")).text()).toContain(trialNote);
    expect(await (await served.request("/quote/sent?ref=Q-2026-00042&trial=yes")).text()).toContain(trialNote);
    // Only beside a well-formed reference: the page of a malformed one stays as built.
    expect(await (await served.request("/quote/sent?ref=<b>hi</b>&trial=1")).text()).toContain(trialNote);
  });
});
