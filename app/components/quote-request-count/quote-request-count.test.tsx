import { act, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { addToQuote, clearQuoteList, quoteListStorageKey } from "~/lib/quote-list/quote-list";
import { QuoteRequestCount } from "./quote-request-count";
import { RequestQuoteLink } from "./request-quote-link";
import { messagesOf, WithMessages } from "../../../test-support/messages";

function stub() {
  const Stub = createRoutesStub([
    {
      path: "*",
      Component: () => (
        <WithMessages>
          <QuoteRequestCount />
        </WithMessages>
      ),
    },
  ]);
  return <Stub initialEntries={["/faq"]} />;
}

afterEach(() => act(() => clearQuoteList()));

describe("QuoteRequestCount", () => {
  it('is the plain "Request a quote" while the request is empty', () => {
    render(stub());
    expect(screen.getByRole("link", { name: "Request a quote" })).toHaveAttribute("href", "/quote");
  });

  it("links to /quote and names the number of products, following the list", async () => {
    render(stub());
    act(() => addToQuote({ family: "men", item: "hoodie" }));
    const one = await screen.findByRole("link", { name: messagesOf().header.quoteRequestOne });
    expect(one).toHaveAttribute("href", "/quote");
    act(() => addToQuote({ family: "fashion", item: "bag" }));
    const two = screen.getByRole("link", { name: messagesOf().header.quoteRequestCount.replace("{count}", "2") });
    expect(two).toHaveTextContent("2");
    expect(two).toHaveAttribute("href", "/quote");
  });

  it("is in prerendered HTML as a plain link, whatever the browser stored", () => {
    localStorage.setItem(quoteListStorageKey, JSON.stringify([{ family: "men", item: "hoodie" }]));
    const Stub = createRoutesStub([
      {
        path: "*",
        Component: () => (
          <WithMessages>
            <RequestQuoteLink />
          </WithMessages>
        ),
      },
    ]);
    const html = renderToString(<Stub initialEntries={["/faq"]} />);
    expect(html).toContain('href="/quote"');
    expect(html).toContain(">Request a quote<");
    expect(html).not.toContain("aria-label");
  });
});
