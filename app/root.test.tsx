import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import App, { loader, shouldRevalidate } from "./root";
import { loader as careerLoader } from "./routes/career";
import { WithMessages } from "../test-support/messages";
import { OopsPage } from "~/components/oops-page/oops-page";

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

  it("gives a page the fixed pages' words (titles, breadcrumbs, descriptions) for its banner and <meta>", () => {
    const { pages } = loader(at("/de/faq")).messages;
    expect(pages.faq.path).toBe("/faq");
    expect(pages.faq.description).toMatch(/\w{3}/);
    expect(pages.contact.breadcrumb).toMatch(/\w/);
  });

  it("fetches the words again only when the language changes", () => {
    expect(moving("/faq", "/contact")).toBe(false);
    expect(moving("/de/faq", "/de/contact")).toBe(false);
    expect(moving("/faq", "/de/faq")).toBe(true);
    expect(moving("/de", "/")).toBe(true);
  });

  it("gives the gallery's pages and the compliance page, and only them, the catalogue's and certificates' words (decision 0167)", () => {
    expect(loader(at("/de/gallery/men")).messages.catalogue.filter.heading).toBe("Produkt finden");
    // The line sheets' words are the gallery loaders' (their links), not the root's (decision 0175).
    expect(loader(at("/de/gallery/men")).messages.catalogue).not.toHaveProperty("lineSheets");
    expect(loader(at("/our-company/compliance")).messages.catalogue.certificates.verify).toBe("Verify");
    expect(loader(at("/de/faq")).messages).not.toHaveProperty("catalogue");
    expect(moving("/de/faq", "/de/gallery/men")).toBe(true);
    expect(moving("/de/gallery", "/de/our-company/compliance")).toBe(false);
  });

  it("leaves the job pages' words to the career routes' loaders, in the page's language (decisions 0167, 0168)", () => {
    expect(careerLoader({ params: { lang: "de" } }).words.heading).toBe("Offene Stellen");
    expect(careerLoader({ params: {} }).words.heading).toBe("Open positions");
    expect(loader(at("/de/career"))).not.toHaveProperty("jobs");
    // Moving onto or off the career pages fetches no root data: their loaders bring the words.
    expect(moving("/de/faq", "/de/career")).toBe(false);
    expect(moving("/career", "/contact")).toBe(false);
  });
});

// Every page's path starts with the optional language segment (app/routes.ts, decision 0160); a
// first segment that is not one of the other languages is an unknown address (fixture: en, de).
describe("the language segment", () => {
  function renderAt(path: string, code = "en") {
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <WithMessages code={code}>
            <App />
          </WithMessages>
        ),
        children: [
          { path: ":lang?/faq", Component: () => <p>the FAQ</p> },
          { path: ":lang?/*", Component: () => <OopsPage /> },
        ],
      },
    ]);
    render(<Stub initialEntries={[path]} />);
  }

  it("shows the page in the default language without a prefix", () => {
    renderAt("/faq");
    expect(screen.getByText("the FAQ")).toBeInTheDocument();
  });

  it("shows the page under a listed language's prefix", () => {
    renderAt("/de/faq", "de");
    expect(screen.getByText("the FAQ")).toBeInTheDocument();
  });

  it("shows the Oops page for a prefix that is no language", () => {
    renderAt("/xx/faq");
    expect(screen.getByRole("heading", { level: 1, name: "Oops!" })).toBeInTheDocument();
    expect(screen.queryByText("the FAQ")).toBeNull();
  });

  it("shows the Oops page in the language of a listed prefix, its way home in that language", () => {
    renderAt("/de/no-such-page", "de");
    expect(screen.getByRole("heading", { level: 1, name: "Hoppla!" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Zur Startseite" })).toHaveAttribute("href", "/de");
  });

  it("shows the Oops page for the default language's code as a prefix", () => {
    renderAt("/en/faq");
    expect(screen.getByRole("heading", { level: 1, name: "Oops!" })).toBeInTheDocument();
    expect(screen.queryByText("the FAQ")).toBeNull();
  });
});
