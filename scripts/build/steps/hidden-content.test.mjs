import { afterEach, describe, expect, it } from "vitest";
import { tempBuild } from "../temp-build.mjs";
import { hiddenContent } from "./hidden-content.mjs";

let build;
afterEach(() => build?.remove());

const page = (body) => `<!DOCTYPE html><html><body>${body}</body></html>`;

describe("hidden-content step", () => {
  it("fails the build naming the page whose content waits for a script", async () => {
    build = await tempBuild({
      "index.html": page("<main>Home</main>"),
      "faq/index.html": page('<main><template id="B:0"></template></main><div hidden id="S:0"><p>The answers</p></div>'),
    });
    expect(() => hiddenContent.run(build)).toThrow(/faq\/index\.html: content hidden until a script reveals it .*The answers/);
  });

  it("passes pages whose hidden segments hold only React Router's data scripts", async () => {
    build = await tempBuild({ "index.html": page('<main>Home</main><div hidden id="S:0"><script>window.__reactRouterContext={}</script></div>') });
    expect(hiddenContent.run(build)).toBe("1 pages checked");
  });
});
