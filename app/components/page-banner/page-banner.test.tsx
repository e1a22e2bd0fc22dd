import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { WithMessages } from "../../../test-support/messages";
import { describe, expect, it } from "vitest";
import { PageBanner, type PageBannerProps } from "./page-banner";

function renderAt(path: string, props: PageBannerProps) {
  const Stub = createRoutesStub([
    {
      path: "*",
      Component: () => (
        <WithMessages>
          <PageBanner {...props} />
        </WithMessages>
      ),
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

const jsonLd = (container: HTMLElement) => JSON.parse(container.querySelector('script[type="application/ld+json"]')!.textContent!);

describe("PageBanner breadcrumb", () => {
  it("reads Home / {title}, Home a link and the page itself current", () => {
    const { container } = renderAt("/faq", { title: "Frequently asked", breadcrumb: "faq", image: "/b.svg" });
    const crumbs = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(
      within(crumbs)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Home", "faq"]);
    expect(within(crumbs).getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    expect(within(crumbs).getByText("faq")).toHaveAttribute("aria-current", "page");
    expect(jsonLd(container).itemListElement.map((s: { name: string }) => s.name)).toEqual(["Home", "faq"]);
  });

  it("links every step of the trail and ends on the page; the JSON-LD lists the same steps", () => {
    const trail = [
      { name: "Product Gallery", path: "/gallery" },
      { name: "Non Textile", path: "/gallery/nontextile" },
    ];
    const { container } = renderAt("/gallery/nontextile/straw%26plasticbasket", {
      title: "Non Textile - Straw & Plastic Basket",
      breadcrumb: "Straw & Plastic Basket",
      trail,
      image: "/b.svg",
    });
    const crumbs = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(
      within(crumbs)
        .getAllByRole("link")
        .map((a) => [a.textContent, a.getAttribute("href")]),
    ).toEqual([
      ["Home", "/"],
      ["Product Gallery", "/gallery"],
      ["Non Textile", "/gallery/nontextile"],
    ]);
    expect(within(crumbs).getByText("Straw & Plastic Basket")).toHaveAttribute("aria-current", "page");
    const steps = jsonLd(container).itemListElement as { position: number; name: string; item: string }[];
    expect(steps.map((s) => [s.position, s.name, new URL(s.item).pathname])).toEqual([
      [1, "Home", "/"],
      [2, "Product Gallery", "/gallery"],
      [3, "Non Textile", "/gallery/nontextile"],
      [4, "Straw & Plastic Basket", "/gallery/nontextile/straw&plasticbasket"],
    ]);
  });
});
