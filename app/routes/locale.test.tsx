import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import LocaleRoute from "./locale";
import { WithMessages } from "../../test-support/messages";
import { OopsPage } from "~/components/oops-page/oops-page";

// Every page sits below the optional language segment (app/routes.ts, decision 0160); a first
// segment that is not one of the other languages is an unknown address (fixture: en, de).

function renderAt(path: string) {
  const Stub = createRoutesStub([
    {
      path: ":lang?",
      Component: () => (
        <WithMessages>
          <LocaleRoute />
        </WithMessages>
      ),
      children: [{ path: "faq", Component: () => <p>the FAQ</p> }],
    },
  ]);
  render(<Stub initialEntries={[path]} />);
}

describe("the language segment", () => {
  it("shows the page in the default language without a prefix", () => {
    renderAt("/faq");
    expect(screen.getByText("the FAQ")).toBeInTheDocument();
  });

  it("shows the page under a listed language's prefix", () => {
    renderAt("/de/faq");
    expect(screen.getByText("the FAQ")).toBeInTheDocument();
  });

  it("shows the Oops page for a prefix that is no language", () => {
    renderAt("/xx/faq");
    expect(screen.getByRole("heading", { level: 1, name: "Oops!" })).toBeInTheDocument();
    expect(screen.queryByText("the FAQ")).toBeNull();
  });

  it("shows the Oops page in the language of a listed prefix, its way home in that language", () => {
    const Stub = createRoutesStub([
      {
        path: ":lang?",
        Component: () => (
          <WithMessages code="de">
            <LocaleRoute />
          </WithMessages>
        ),
        children: [{ path: "*", Component: () => <OopsPage /> }],
      },
    ]);
    render(<Stub initialEntries={["/de/no-such-page"]} />);
    expect(screen.getByRole("heading", { level: 1, name: "Hoppla!" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Zur Startseite" })).toHaveAttribute("href", "/de");
  });

  it("shows the Oops page for the default language's code as a prefix", () => {
    renderAt("/en/faq");
    expect(screen.getByRole("heading", { level: 1, name: "Oops!" })).toBeInTheDocument();
  });
});
