import { act, render, screen, within } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { offices } from "~/content/offices";
import { pagePaths } from "~/content/page-paths";
import { site } from "~/content/site";
import { SiteFooter } from "./site-footer";
import { MessagesProvider } from "~/content/messages";
import { messagesOf, WithMessages } from "../../../test-support/messages";

const { labels } = messagesOf();

// The footer every page renders, as the visitor reads it: its Quick View links, the offices with
// their mail, phone and website links, the social links, the privacy link beside the copyright and
// the year from the visitor's clock. The browser specs keep what only a browser shows
// (e2e/footer.spec.ts: the round button's scrolling; e2e/privacy.spec.ts: the footer's privacy link
// in the served HTML without JavaScript); decision 0144.

const Stub = createRoutesStub([
  {
    path: "*",
    Component: () => (
      <WithMessages>
        <SiteFooter />
      </WithMessages>
    ),
  },
]);
const footer = () => <Stub initialEntries={["/faq"]} />;

afterEach(() => vi.useRealTimers());

describe("SiteFooter in another language (decision 0160)", () => {
  it("speaks German in its own words, marking only the content not yet translated as English", () => {
    const German = createRoutesStub([
      {
        path: "*",
        Component: () => (
          <WithMessages code="de">
            <SiteFooter />
          </WithMessages>
        ),
      },
    ]);
    render(<German initialEntries={["/de/faq"]} />);
    expect(screen.getByRole("heading", { name: "Unsere Standorte" }).closest("[lang]")).toBeNull();
    expect(screen.getByRole("heading", { name: `Über ${site.shortName}` }).closest("[lang]")).toBeNull();
    const privacy = screen.getByRole("link", { name: "Datenschutzhinweise" });
    expect(privacy).toHaveAttribute("href", "/de/privacy");
    expect(privacy.closest("[lang]")).toBeNull();
    expect(screen.getByText(/Alle Rechte vorbehalten\./).closest("[lang]")).toBeNull();
    expect(screen.getAllByText("Telefon:", { exact: false }).length).toBeGreaterThan(0);
    const quickView = screen.getByRole("navigation", { name: "Schnellzugriff" });
    expect(within(quickView).getByText("F&E").closest("[lang]")).toBeNull();
    // The tagline is translated in the fixture (decision 0169).
    expect(screen.getByText("Zu 100 % export\u00ADorientiertes Unternehmen")).toHaveAttribute("lang", "de");
    // The offices' countries in German, the page's language (decision 0181): the headings and the
    // addresses' last line; the addresses' street lines are the offices' postal names, marked English.
    const head = screen.getByRole("heading", { level: 3, name: "Bangladesch (Hauptsitz)" });
    expect(head.closest("[lang]")).toBeNull();
    expect(screen.getByRole("heading", { level: 3, name: "USA" }).closest("[lang]")).toBeNull();
    const address = within(head.closest("li")!)
      .getByText(/Dhaka-1230/)
      .closest("p")!;
    expect(address).toHaveTextContent(/Dhaka-1230, Bangladesch$/);
    expect(within(address).getByText("Bangladesch").closest("[lang]")).toBeNull();
    expect(within(address).getByText(/Dhaka-1230$/)).toHaveAttribute("lang", "en");
    expect(screen.queryByText(/Bangladesh/)).toBeNull();
  });

  it("names an office's country in English, marked, where the language's office countries are not translated whole (decision 0181)", () => {
    const de = messagesOf("de");
    const english = messagesOf("en").site.officeCountries.map((c) => ({ ...c, lang: "en" }));
    const German = createRoutesStub([
      {
        path: "*",
        Component: () => (
          <MessagesProvider value={{ ...de, site: { ...de.site, officeCountries: english } }}>
            <SiteFooter />
          </MessagesProvider>
        ),
      },
    ]);
    render(<German initialEntries={["/de/faq"]} />);
    const head = screen.getByRole("heading", { level: 3, name: "Bangladesh (Hauptsitz)" });
    expect(within(head).getByText("Bangladesh")).toHaveAttribute("lang", "en");
    expect(within(head.closest("li")!).getByText("Bangladesh", { selector: "address span" })).toHaveAttribute("lang", "en");
  });
});

describe("SiteFooter", () => {
  it("Quick View links to the product gallery and the FAQ; R&D has no link", () => {
    render(footer());
    const quickView = screen.getByRole("navigation", { name: labels.footer.quickView });
    expect(within(quickView).getByText("R&D")).toBeInTheDocument();
    expect(within(quickView).queryByRole("link", { name: "R&D" })).toBeNull();
    expect(within(quickView).getByRole("link", { name: "FAQ" })).toHaveAttribute("href", "/faq");
    expect(within(quickView).getByRole("link", { name: "Product Gallery" })).toHaveAttribute("href", "/gallery");
  });

  it("lists every office with its mail, phone and website links", () => {
    render(footer());
    const contentinfo = screen.getByRole("contentinfo");
    expect(offices.length).toBeGreaterThan(1);
    for (const office of offices) {
      expect(within(contentinfo).getByRole("heading", { name: office.label })).toBeInTheDocument();
      expect(within(contentinfo).getByRole("link", { name: office.email })).toHaveAttribute("href", `mailto:${office.email}`);
      expect(within(contentinfo).getByRole("link", { name: office.phone })).toHaveAttribute("href", `tel:${office.phoneHref}`);
      const website = within(contentinfo).getByRole("link", { name: new RegExp(office.website.replace(/^https:\/\//, "").replace(/\./g, "\\.")) });
      expect(website).toHaveAttribute("href", office.website);
      expect(website).toHaveAttribute("rel", "noopener noreferrer");
    }
    expect(contentinfo).toHaveTextContent(`Sister concern: ${site.sisterConcern.name}`);
  });

  it("its social links open in a new tab safely", () => {
    render(footer());
    for (const name of ["Facebook", "LinkedIn", "Instagram"]) {
      const link = screen.getByRole("link", { name: `${name} (opens in a new tab)` });
      expect(link).toHaveAttribute("target", "_blank");
      expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
  });

  it("links to the privacy notice beside the copyright, not in Quick View", () => {
    render(footer());
    const contentinfo = screen.getByRole("contentinfo");
    const quickView = within(contentinfo).getByRole("navigation", { name: labels.footer.quickView });
    expect(within(quickView).queryByRole("link", { name: labels.footer.privacy })).toBeNull();
    const privacy = within(contentinfo).getByRole("link", { name: labels.footer.privacy });
    expect(privacy).toHaveAttribute("href", pagePaths.privacy);
    expect(privacy.closest("p")).toHaveTextContent(new RegExp(`^© \\d{4} ${site.name}`));
  });

  it("once hydrated, the copyright year comes from the visitor's clock, not the build", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-03-15T10:00:00Z"));
    Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
    const container = document.createElement("div");
    container.innerHTML = renderToString(footer());
    document.body.append(container);
    expect(within(container).getByRole("contentinfo")).toHaveTextContent(`© ${__BUILD_YEAR__} ${site.name}`);
    const root = await act(async () => hydrateRoot(container, footer()));
    expect(within(container).getByRole("contentinfo")).toHaveTextContent(`© 2031 ${site.name}`);
    act(() => root.unmount());
    container.remove();
  });
});
