import { render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { categoryShares } from "~/content/category-shares";
import { homeSectionsIn } from "~/content/home-sections";
import { strengths } from "~/content/strengths";
import { CategoryShareChart } from "./category-share-chart";
import { ConceptSection } from "./concept-section";
import { StrengthsSection } from "./strengths-section";
import { WithMessages, withWords } from "../../../test-support/messages";

const home = homeSectionsIn("en");

// The home page's sections as the visitor reads them, rendered as the page renders them (no props; the home route gives their words, decision 0169):
// Our Concept's seven values, the strengths and the category chart, each in its order. The browser
// specs keep what only a browser shows (e2e/home.spec.ts: the sections' order on the served page,
// axe, hydration near the viewport); decision 0144.

class QuietIntersectionObserver {
  observe() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal("IntersectionObserver", QuietIntersectionObserver);
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("the home page's sections", () => {
  it("Our Concept lists 01 ETHICS to 07 CAPACITY in order", () => {
    render(<ConceptSection />, withWords);
    const section = screen.getByRole("region", { name: home.concept.heading });
    expect(
      within(section)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent!.replace(/\s+/g, " ").trim()),
    ).toEqual(["01 ETHICS", "02 QUALITY", "03 PRICE", "04 SPEED", "05 DESIGN", "06 COMMUNICATION", "07 CAPACITY"]);
  });

  it("shows every strength by name, in order", () => {
    render(<StrengthsSection />, withWords);
    const section = screen.getByRole("region", { name: home.strengths.heading });
    expect(
      within(section)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(strengths.map((s) => s.name));
  });

  it("the chart names every category with its percentage, in order", () => {
    render(<CategoryShareChart />, withWords);
    const chart = screen.getByRole("list", { name: home.categoryShares.chartLabel });
    expect(
      within(chart)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(categoryShares.map((c) => `${c.label}${c.percentage}%`));
  });

  it("on a German page, shows each strength and category in its own language: the translated German, the others marked English (decision 0170)", () => {
    const german = { wrapper: ({ children }: { children: ReactNode }) => <WithMessages code="de">{children}</WithMessages> };
    render(<StrengthsSection />, german);
    expect(screen.getByRole("heading", { name: "Langjährige Erfahrung" }).closest("li")).toHaveAttribute("lang", "de");
    expect(screen.getByRole("heading", { name: strengths[1]!.name }).closest("li")).toHaveAttribute("lang", "en");
    render(<CategoryShareChart />, german);
    expect(screen.getByText("Schuhe")).toHaveAttribute("lang", "de");
    expect(screen.getByText(categoryShares.find((c) => c.label !== "Footwear")!.label)).toHaveAttribute("lang", "en");
  });
});
