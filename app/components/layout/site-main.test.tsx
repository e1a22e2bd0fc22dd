import { render, screen } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { OopsPage } from "~/components/oops-page/oops-page";
import { SiteMain } from "./site-main";
import { WithMessages } from "../../../test-support/messages";

// No English read with a German voice (decision 0160): on another language's page, <main> holds the
// content not yet translated and says so with the default language's `lang`; the translated words in
// it carry the page's language again. The pages' content: app/routes/untranslated-content.test.tsx.

function renderPage(path: string, code: string, Page: ComponentType) {
  const Stub = createRoutesStub([
    {
      path: "*",
      Component: () => (
        <WithMessages code={code}>
          <SiteMain>
            <Page />
          </SiteMain>
        </WithMessages>
      ),
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

/** The language a screen reader reads an element in, as far as the page's content says (null: the page's own, <html lang>). */
const langOf = (element: Element) => element.closest("[lang]")?.getAttribute("lang") ?? null;

describe("SiteMain", () => {
  it("marks a German page's content English, an English page's not at all", () => {
    expect(langOf(renderPage("/de/faq", "de", () => <p>German page</p>).getByText("German page"))).toBe("en");
    expect(langOf(renderPage("/faq", "en", () => <p>English page</p>).getByText("English page"))).toBeNull();
  });

  it("holds the Oops page in the page's language", () => {
    renderPage("/de/no-such-page", "de", () => <OopsPage />);
    expect(langOf(screen.getByRole("heading", { level: 1 }))).toBe("de");
    expect(langOf(screen.getByRole("link"))).toBe("de");
  });
});
