import { html } from "hono/html";
import { describe, expect, it } from "vitest";
import { escapeHtml } from "./escape-html";

describe("the one HTML escaper", () => {
  it("writes all five of & < > \" ' as entities, so no text ends an attribute or starts a tag", () => {
    expect(escapeHtml(`Tom & "Jerry" <b>'s</b> >`)).toBe("Tom &amp; &quot;Jerry&quot; &lt;b&gt;&#39;s&lt;/b&gt; &gt;");
    // The former hand-written escaper of the /quote page left > and ' as they were.
    expect(escapeHtml(`x' onmouseover='y`)).not.toContain("'");
  });

  it("escapes exactly as Hono's html helper and JSX (the server's own pages)", () => {
    for (const text of ["plain", `a&b<c>d"e'f`, "straw&plasticbasket", "<script>alert('x')</script>", "&amp; already", "ünïcödé ✓"]) {
      expect(escapeHtml(text)).toBe(String(html`${text}`));
    }
  });
});
