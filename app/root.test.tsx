import { describe, expect, it } from "vitest";
import { loader, shouldRevalidate } from "./root";

// The root route's build-time loader gives each prerendered page its own language's interface words
// (decision 0160), and the browser fetches them again only when the language changes.

const at = (path: string) => ({ request: new Request(`https://ssl.example${path}`), params: {}, context: {} }) as unknown as Parameters<typeof loader>[0];
const moving = (from: string, to: string) =>
  shouldRevalidate({ currentUrl: new URL(`https://ssl.example${from}`), nextUrl: new URL(`https://ssl.example${to}`) } as Parameters<
    typeof shouldRevalidate
  >[0]);

describe("the root loader", () => {
  it("gives a page its own language's words and no other language's", () => {
    const german = loader(at("/de/contact")).messages;
    expect(german.contactForm.subject).toBe("Betreff");
    expect(german.header.mainMenu).toBe("Hauptmenü");
    expect(JSON.stringify(german)).not.toContain("Main (mobile)");
    expect(loader(at("/contact")).messages.contactForm.subject).toBe("Subject");
    expect(loader(at("/")).messages.language.switcher).toBe("Language");
  });

  it("fetches the words again only when the language changes", () => {
    expect(moving("/faq", "/contact")).toBe(false);
    expect(moving("/de/faq", "/de/gallery/men")).toBe(false);
    expect(moving("/faq", "/de/faq")).toBe(true);
    expect(moving("/de", "/")).toBe(true);
  });
});
