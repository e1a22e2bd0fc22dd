import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SiteHeader } from "~/components/layout/site-header";
import { addToQuote, clearQuoteList, quoteListStorageKey } from "~/lib/quote-list/quote-list";
import { AddToQuote, type AddToQuoteProps } from "./add-to-quote";
import { messagesOf, WithMessages } from "../../../test-support/messages";

const hoodie = { family: "men", item: "hoodie" };
const name = [{ text: "Men" }, { text: " " }, { text: "Hoodie" }];
const addToQuoteLabels = messagesOf("en").addToQuote;
const accessibleName = `${addToQuoteLabels.add} ${addToQuoteLabels.product.replace("{product}", "Men Hoodie")}`;

function stub(variant: AddToQuoteProps["variant"]) {
  const Stub = createRoutesStub([
    {
      path: "*",
      Component: () => (
        <WithMessages>
          <AddToQuote product={hoodie} name={name} variant={variant} />
        </WithMessages>
      ),
    },
  ]);
  return <Stub initialEntries={["/gallery/men/hoodie"]} />;
}

/** The item page as the visitor sees it: the site's header, with its quote request count, and the page's control. */
function itemPage() {
  const Stub = createRoutesStub([
    {
      path: "*",
      Component: () => (
        <WithMessages>
          <SiteHeader />
          <AddToQuote product={hoodie} name={name} variant="page" />
        </WithMessages>
      ),
    },
  ]);
  return <Stub initialEntries={["/gallery/men/hoodie"]} />;
}

const stored = () => JSON.parse(localStorage.getItem(quoteListStorageKey) ?? "[]") as unknown;

beforeEach(() => localStorage.clear());
afterEach(() => act(() => clearQuoteList()));

describe("AddToQuote", () => {
  it("is a link to the quote form with only the product reference before JavaScript runs", () => {
    const html = renderToString(stub("page"));
    expect(html).toContain('href="/quote?item=men/hoodie"');
    expect(html).not.toContain("<button");
    expect(html).toContain(addToQuoteLabels.add);
  });

  it("keeps a keyboard user's focus when the prerendered link becomes the toggle", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(stub("page"));
    document.body.append(container);
    const link = screen.getByRole("link", { name: accessibleName });
    link.focus();
    let root: Root | undefined;
    try {
      act(() => {
        root = hydrateRoot(container, stub("page"));
      });
      expect(await screen.findByRole("button", { name: accessibleName })).toHaveFocus();
    } finally {
      act(() => root?.unmount());
      container.remove();
    }
  });

  it("becomes a toggle button that adds the product, says so, and links to the request", async () => {
    render(stub("page"));
    const button = await screen.findByRole("button", { name: accessibleName });
    expect(button).toHaveAttribute("aria-pressed", "false");
    expect(screen.queryByRole("link", { name: addToQuoteLabels.view })).toBeNull();

    await userEvent.click(button);
    expect(button).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("status")).toHaveTextContent(addToQuoteLabels.added.replace("{product}", "Men Hoodie"));
    expect(screen.getByRole("link", { name: addToQuoteLabels.view })).toHaveAttribute("href", "/quote");
    expect(stored()).toEqual([hoodie]);
    expect(button).toHaveFocus();
  });

  it("takes the product out when pressed again", async () => {
    act(() => addToQuote(hoodie));
    render(stub("card"));
    const button = await screen.findByRole("button", { name: accessibleName });
    expect(button).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(button);
    expect(button).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByRole("status")).toHaveTextContent(addToQuoteLabels.removed.replace("{product}", "Men Hoodie"));
    expect(stored()).toEqual([]);
  });

  it("names an untranslated product in its German words English, in the control and in what it says (decision 0183)", async () => {
    const german = messagesOf("de").addToQuote;
    const Stub = createRoutesStub([
      {
        path: "*",
        Component: () => (
          <WithMessages code="de">
            <AddToQuote product={hoodie} name={[{ text: "Herren", lang: "de" }, { text: " " }, { text: "Hoodie", lang: "en" }]} variant="card" />
          </WithMessages>
        ),
      },
    ]);
    render(<Stub initialEntries={["/de/gallery/men/hoodie"]} />);
    // happy-dom's accessible name has a space after the product's span; a browser's none.
    const button = await screen.findByRole("button", { name: new RegExp(`^${german.add} \\(Herren Hoodie ?\\)$`) });
    expect(button.querySelector("[lang]")).toHaveTextContent("Hoodie");
    expect(button.querySelector("[lang]")).toHaveAttribute("lang", "en");
    await userEvent.click(button);
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent(german.added.replace("{product}", "Herren Hoodie"));
    expect(status.querySelector("[lang]")).toHaveTextContent("Hoodie");
    expect(status.querySelector("[lang]")).toHaveAttribute("lang", "en");
  });

  it("shows a product added in another tab as added", async () => {
    render(stub("card"));
    const button = await screen.findByRole("button", { name: accessibleName });
    act(() => {
      localStorage.setItem(quoteListStorageKey, JSON.stringify([hoodie]));
      window.dispatchEvent(new StorageEvent("storage", { key: quoteListStorageKey }));
    });
    expect(button).toHaveAttribute("aria-pressed", "true");
  });

  it("on an item page, takes a stored list that is not JSON as an empty request: no count in the header; the next add replaces it", async () => {
    localStorage.setItem(quoteListStorageKey, "{not json");
    render(itemPage());
    const button = await screen.findByRole("button", { name: accessibleName });
    // The header reads the stored value and loads its count's code: let it, then see that it shows none.
    await act(() => import("~/components/quote-request-count/quote-request-count"));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole("link", { name: /^Request a quote,/ })).toBeNull();
    // The page is still there, its control as it was.
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: accessibleName })).toBe(button);
    expect(button).toHaveAttribute("aria-pressed", "false");

    await userEvent.click(screen.getByRole("button", { name: accessibleName }));
    expect(button).toHaveAttribute("aria-pressed", "true");
    expect(await screen.findByRole("link", { name: messagesOf().header.quoteRequestOne })).toHaveAttribute("href", "/quote");
    expect(screen.getAllByRole("link", { name: /^Request a quote/ })).toHaveLength(1);
    expect(stored()).toEqual([hoodie]);
  });
});
