import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Profiler } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { addToQuote, clearQuoteList, quoteListStorageKey } from "~/lib/quote-list/quote-list";
import { SiteHeader } from "./site-header";
import { messagesOf, WithMessages } from "../../../test-support/messages";

function stubAt(path: string, language = "en") {
  const Stub = createRoutesStub([
    {
      path: "*",
      Component: () => (
        <WithMessages code={language}>
          <SiteHeader />
        </WithMessages>
      ),
    },
  ]);
  return <Stub initialEntries={[path]} />;
}
const renderAt = (path: string) => render(stubAt(path));

/** The drop-down's <details> and its summary (the disclosure control) in the desktop menu. */
function dropDown() {
  const nav = screen.getByRole("navigation", { name: "Main" });
  const summary = within(nav).getByText("OUR COMPANY").closest("summary")!;
  return { nav, summary, details: summary.closest("details")! };
}

describe("SiteHeader in another language (decision 0160)", () => {
  it("names its menus in the page's language and keeps every menu link in it", () => {
    render(stubAt("/de/faq", "de"));
    const nav = screen.getByRole("navigation", { name: "Hauptmenü" });
    expect(within(nav).getByRole("link", { name: "FAQ" })).toHaveAttribute("href", "/de/faq");
    expect(within(nav).getByRole("link", { name: "FAQ" })).toHaveAttribute("aria-current", "page");
    // The menu's labels in German (content/messages/de.yaml), the gallery families' names as they are.
    expect(within(nav).getByRole("link", { name: "START" })).toHaveAttribute("href", "/de");
    expect(within(nav).getByRole("link", { name: "START" })).not.toHaveAttribute("aria-current");
    expect(within(nav).getByText("FIRMA").closest("summary")).not.toBeNull();
    expect(within(nav).getByRole("link", { name: "Über uns", hidden: true })).toHaveAttribute("href", "/de/our-company/aboutus");
    expect(within(nav).queryByRole("link", { name: "HOME" })).toBeNull();
    expect(screen.getByRole("navigation", { name: "Hauptmenü (mobil)" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Angebot anfragen" })).toHaveAttribute("href", "/de/quote");
  });

  it("marks what is not translated as English (a gallery family without a German name), the translated tagline German (decision 0169), and no translated word", () => {
    render(stubAt("/de/faq", "de"));
    const nav = screen.getByRole("navigation", { name: "Hauptmenü" });
    expect(within(nav).getByRole("link", { name: "Women", hidden: true })).toHaveAttribute("lang", "en");
    // The fixture names the Men family in German (decision 0171).
    expect(within(nav).getByRole("link", { name: "Herren", hidden: true }).closest("[lang]")).toBeNull();
    expect(screen.getByText("Zu 100 % export\u00ADorientiertes Unternehmen")).toHaveAttribute("lang", "de");
    // Read in the page's language (<html lang="de">): nothing between them and the page says otherwise.
    expect(within(nav).getByText("FIRMA").closest("[lang]")).toBeNull();
    expect(within(nav).getByRole("link", { name: "Über uns", hidden: true }).closest("[lang]")).toBeNull();
    expect(screen.getByRole("link", { name: "Angebot anfragen" }).closest("[lang]")).toBeNull();
  });

  it("marks nothing as English on an English page", () => {
    render(stubAt("/faq"));
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Men", hidden: true })).not.toHaveAttribute("lang");
    expect(screen.getByText("100% Export Oriented Company")).not.toHaveAttribute("lang");
  });

  it("links to the same page in every language, each named in itself, with lang and hreflang, in the bar and the mobile menu", () => {
    render(stubAt("/de/faq", "de"));
    const switchers = screen.getAllByRole("navigation", { name: "Sprache" });
    expect(switchers).toHaveLength(2);
    for (const switcher of switchers) {
      const english = within(switcher).getByRole("link", { name: "English" });
      expect(english).toHaveAttribute("href", "/faq");
      expect(english).toHaveAttribute("lang", "en");
      expect(english).toHaveAttribute("hreflang", "en");
      expect(english).not.toHaveAttribute("aria-current");
      const german = within(switcher).getByRole("link", { name: "Deutsch" });
      expect(german).toHaveAttribute("href", "/de/faq");
      expect(german).toHaveAttribute("aria-current", "true");
    }
  });

  it("opens the bar's list of languages from a button that says which is shown, without JavaScript (a <details>)", () => {
    const html = renderToString(stubAt("/contact"));
    document.body.innerHTML = html;
    const summary = within(screen.getAllByRole("navigation", { name: "Language" })[0]!)
      .getByText("English", { selector: "summary span" })
      .closest("summary")!;
    expect(summary.closest("details")).not.toBeNull();
    expect(summary).toHaveTextContent("Language: English");
    expect(within(screen.getAllByRole("navigation", { name: "Language" })[0]!).getByRole("link", { name: "Deutsch", hidden: true })).toHaveAttribute(
      "href",
      "/de/contact",
    );
  });
});

describe("SiteHeader", () => {
  it("marks the current page link with aria-current", () => {
    renderAt("/faq");
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "FAQ" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "HOME" })).not.toHaveAttribute("aria-current");
  });

  it("marks a menu link as the section on the pages below it: CAREER on a job page", () => {
    renderAt("/career/senior-merchandiser-knitwear");
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "CAREER" })).toHaveAttribute("aria-current", "true");
    expect(within(nav).getByRole("link", { name: "HOME" })).not.toHaveAttribute("aria-current");
  });

  it("marks the drop-down parent when one of its pages is current", () => {
    renderAt("/our-company/goal");
    expect(dropDown().summary).toHaveAttribute("aria-current", "true");
  });

  it("lists the gallery families under Product Gallery and marks it on a family page and an item page", () => {
    renderAt("/gallery/men/tshirt");
    const nav = screen.getByRole("navigation", { name: "Main" });
    const summary = within(nav).getByText("PRODUCT GALLERY").closest("summary")!;
    expect(summary).toHaveAttribute("aria-current", "true");
    const links = within(summary.closest("details")!).getAllByRole("link", { hidden: true });
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Men", "/gallery/men"],
      ["Women", "/gallery/women"],
      ["Non Textile", "/gallery/nontextile"],
    ]);
    // The item's family is marked as the section the page is in, not as the page itself.
    expect(links.filter((a) => a.hasAttribute("aria-current")).map((a) => [a.textContent, a.getAttribute("aria-current")])).toEqual([["Men", "true"]]);
    expect(dropDown().summary).not.toHaveAttribute("aria-current");
  });

  it("prerenders the drop-down and the mobile menu as <details> with their links, and no button", () => {
    const html = renderToString(stubAt("/"));
    expect(html).not.toContain("<button");
    expect(html.match(/<details/g)).toHaveLength(4); // Our Company, Product Gallery, the languages, the mobile menu
    expect(html).not.toMatch(/<details[^>]* open/);
  });

  it("opens the drop-down from the keyboard, moves with the arrows and closes it on Escape", async () => {
    const user = userEvent.setup();
    renderAt("/");
    const { nav, summary, details } = dropDown();
    expect(details.open).toBe(false);
    summary.focus();
    await user.keyboard("{ArrowDown}");
    expect(details.open).toBe(true);
    expect(within(nav).getByRole("link", { name: "About Us" })).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(within(nav).getByRole("link", { name: "Mission" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(details.open).toBe(false);
    expect(summary).toHaveFocus();
  });

  it("opens the mobile menu with its toggle and closes it on Escape", async () => {
    const user = userEvent.setup();
    renderAt("/");
    const menu = screen.getByRole("navigation", { name: "Main (mobile)" });
    const details = menu.closest("details")!;
    await user.click(screen.getByText("Menu"));
    expect(details.open).toBe(true);
    expect(within(menu).getByRole("link", { name: "Goal" })).toBeVisible();
    await user.keyboard("{Escape}");
    expect(details.open).toBe(false);
  });

  it("keeps menus opened before hydration open, and focus where it was", async () => {
    Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
    const container = document.createElement("div");
    container.innerHTML = renderToString(stubAt("/"));
    document.body.append(container);
    const all = [...container.querySelectorAll("details")];
    const [dropDownDetails, mobileDetails] = [all[0], all.at(-1)];
    dropDownDetails!.open = true;
    mobileDetails!.open = true;
    const link = dropDownDetails!.querySelector<HTMLAnchorElement>('a[href="/our-company/mission"]')!;
    link.focus();
    const root = await act(async () => hydrateRoot(container, stubAt("/")));
    expect(container.querySelectorAll("details")[0]).toBe(dropDownDetails);
    expect(dropDownDetails!.open).toBe(true);
    expect(mobileDetails!.open).toBe(true);
    expect(link).toHaveFocus();
    act(() => root.unmount());
    container.remove();
  });

  it("hydrated at the path it was prerendered for, commits once: the header and its links are not rendered again", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(stubAt("/faq"));
    document.body.append(container);
    const commits: string[] = [];
    const root = await act(async () =>
      hydrateRoot(
        container,
        <Profiler id="header" onRender={(_id, phase) => commits.push(phase)}>
          {stubAt("/faq")}
        </Profiler>,
      ),
    );
    await act(async () => {}); // room for any transition after hydration
    expect(commits).toEqual(["mount"]);
    expect(within(container).getAllByRole("link", { name: "FAQ", hidden: true })[0]).toHaveAttribute("aria-current", "page");
    act(() => root.unmount());
    container.remove();
  });

  it("hydrated at another path than it was prerendered for (the SPA fallback), takes that page's bar and current link on the same elements", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(stubAt("/"));
    document.body.append(container);
    const bar = container.querySelector("header")!;
    expect(bar.className).toContain("bg-transparent");
    const root = await act(async () => hydrateRoot(container, stubAt("/gallery/men/nonexistent")));
    await act(async () => {}); // the switch after hydration is a transition
    expect(container.querySelector("header")).toBe(bar);
    expect(bar.className).not.toContain("bg-transparent");
    expect(bar.className).toContain("bg-white");
    // The menu marks this page's group, no longer HOME.
    for (const home of within(container).getAllByRole("link", { name: "HOME", hidden: true })) expect(home).not.toHaveAttribute("aria-current");
    expect(within(container).getAllByText("PRODUCT GALLERY")[0]!.closest("summary")).toHaveAttribute("aria-current", "true");
    act(() => root.unmount());
    container.remove();
  });

  it('offers "Request a quote" on every page, in the HTML, without a number whatever the browser stored', () => {
    localStorage.setItem(quoteListStorageKey, JSON.stringify([{ family: "men", item: "hoodie" }]));
    document.body.innerHTML = renderToString(stubAt("/faq"));
    const links = screen.getAllByRole("link", { name: "Request a quote" });
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["/quote"]);
  });

  it('gives "Request a quote" the number of products once the browser has a list (its code loaded then), one link still', async () => {
    renderAt("/faq");
    const name = messagesOf().header.quoteRequestCount.replace("{count}", "2");
    expect(screen.getByRole("link", { name: "Request a quote" })).toHaveAttribute("href", "/quote");
    act(() => {
      addToQuote({ family: "men", item: "hoodie" });
      addToQuote({ family: "women", item: "tshirt" });
    });
    const counted = await screen.findByRole("link", { name });
    expect(counted).toHaveAttribute("href", "/quote");
    expect(counted).toHaveTextContent(/^Request a quote2$/);
    expect(screen.queryByRole("link", { name: "Request a quote" })).toBeNull();
    act(() => clearQuoteList());
    expect(await screen.findByRole("link", { name: "Request a quote" })).toBeVisible();
    expect(screen.queryByRole("link", { name })).toBeNull();
  });
});
