import { describe, expect, it } from "vitest";
import { fixtureContentDir } from "../../../fixtures/fixture-content";
import { readSiteContent } from "./site-content.server";

describe("the studio's reply templates", () => {
  it("are read for the server (not a page's module), name and text", async () => {
    const content = await readSiteContent(fixtureContentDir);
    expect(content.replyTemplates.map((t) => t.name)).toEqual(["Thank you, we are on it", "Quotation follows", "Following up an unanswered quotation"]);
    expect(content.replyTemplates[1]!.text).toContain("{reference}");
    expect(Object.keys(content.modules)).not.toContain("replyTemplates");
  });
});
