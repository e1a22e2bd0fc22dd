import { act, render, renderHook, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  addToQuote,
  clearQuoteList,
  parseQuoteRef,
  parseStoredQuoteList,
  quoteListStorageKey,
  quoteRequestHref,
  removeFromQuote,
  useQuoteList,
} from "./quote-list";

const hoodie = { family: "men", item: "hoodie" };
const bag = { family: "fashion", item: "bag" };

function Count() {
  return <p>{`${useQuoteList().length} products`}</p>;
}

/** What another tab does: writes the key, and this tab hears of it only through the storage event. */
function writeFromAnotherTab(value: string | null) {
  if (value === null) localStorage.removeItem(quoteListStorageKey);
  else localStorage.setItem(quoteListStorageKey, value);
  window.dispatchEvent(new StorageEvent("storage", { key: quoteListStorageKey, newValue: value }));
}

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe("quote list store", () => {
  it("adds products once each, in order, and keeps them in local storage", () => {
    const { result } = renderHook(() => useQuoteList());
    expect(result.current).toEqual([]);
    act(() => {
      addToQuote(hoodie);
      addToQuote(bag);
      addToQuote({ ...hoodie });
    });
    expect(result.current).toEqual([hoodie, bag]);
    expect(JSON.parse(localStorage.getItem(quoteListStorageKey) ?? "null")).toEqual([hoodie, bag]);
  });

  it("removes one product and clears the list", () => {
    const { result } = renderHook(() => useQuoteList());
    act(() => {
      addToQuote(hoodie);
      addToQuote(bag);
      removeFromQuote(hoodie);
    });
    expect(result.current).toEqual([bag]);
    act(() => clearQuoteList());
    expect(result.current).toEqual([]);
    expect(localStorage.getItem(quoteListStorageKey)).toBeNull();
  });

  it("reads a list stored by an earlier page (a reload)", () => {
    localStorage.setItem(quoteListStorageKey, JSON.stringify([bag]));
    render(<Count />);
    expect(screen.getByText("1 products")).toBeInTheDocument();
  });

  it.each([
    ["not JSON", "{oops"],
    ["JSON that is not a list", '{"family":"men","item":"hoodie"}'],
    ["a list of other things", '[1, "men/hoodie", null, {"family": 3, "item": "x"}]'],
    ["slugs that are not gallery addresses", '[{"family":"../admin","item":"x"},{"family":"Men","item":"<b>"}]'],
  ])("treats %s as an empty list, and the next add replaces it", (_, stored) => {
    localStorage.setItem(quoteListStorageKey, stored);
    const { result } = renderHook(() => useQuoteList());
    expect(result.current).toEqual([]);
    act(() => addToQuote(hoodie));
    expect(result.current).toEqual([hoodie]);
  });

  it("keeps the valid entries of a partly damaged list, without duplicates", () => {
    expect(parseStoredQuoteList(JSON.stringify([hoodie, { family: 1 }, bag, hoodie]))).toEqual([hoodie, bag]);
  });

  it("follows what another tab adds and clears", () => {
    render(<Count />);
    expect(screen.getByText("0 products")).toBeInTheDocument();
    act(() => writeFromAnotherTab(JSON.stringify([hoodie, bag])));
    expect(screen.getByText("2 products")).toBeInTheDocument();
    act(() => writeFromAnotherTab(null));
    expect(screen.getByText("0 products")).toBeInTheDocument();
  });

  it("still works for the page when local storage refuses writes", () => {
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("quota", "QuotaExceededError");
    });
    const { result } = renderHook(() => useQuoteList());
    act(() => addToQuote(hoodie));
    expect(result.current).toEqual([hoodie]);
    act(() => clearQuoteList());
  });

  it("is empty in prerendered HTML whatever the browser stored", () => {
    localStorage.setItem(quoteListStorageKey, JSON.stringify([hoodie]));
    expect(renderToString(<Count />)).toContain("0 products");
  });
});

describe("quote request links", () => {
  it("puts only the product reference in the address", () => {
    expect(quoteRequestHref(hoodie)).toBe("/quote?item=men/hoodie");
    expect(quoteRequestHref()).toBe("/quote");
  });

  it("encodes a slug that would break the query, and reads it back", () => {
    const href = quoteRequestHref({ family: "kids", item: "a&b" });
    expect(href).toBe("/quote?item=kids/a%26b");
    expect(parseQuoteRef(new URL(href, "https://example.com").searchParams.get("item"))).toEqual({ family: "kids", item: "a&b" });
  });

  it.each([null, "", "men", "men/hoodie/x", "../etc/passwd", "men/<script>"])("refuses %j as a reference", (value) => {
    expect(parseQuoteRef(value)).toBeNull();
  });
});
