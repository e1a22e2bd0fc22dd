import type { Locator, Page } from "@playwright/test";

// The menus are native <details> (components/layout): the summary is the toggle, whose expanded
// state the browser exposes itself, so tests read the <details>' `open`.

/** A drop-down of the desktop menu ("OUR COMPANY" unless named): the nav, its <details> and summary. */
export function dropDown(page: Page, label = "OUR COMPANY") {
  const nav = page.getByRole("navigation", { name: "Main", exact: true });
  return {
    nav,
    summary: nav.locator("summary", { hasText: label }),
    details: nav.locator("details", { has: page.locator("summary", { hasText: label }) }),
  };
}

/** The mobile menu: the "Menu" summary, its <details> and the stacked list. */
export function mobileMenu(page: Page) {
  const banner = page.getByRole("banner");
  return {
    summary: banner.locator("summary", { hasText: "Menu" }),
    details: banner.locator("details", { has: page.locator("summary", { hasText: "Menu" }) }),
    list: page.getByRole("navigation", { name: "Main (mobile)" }),
  };
}

export const isOpen = (details: Locator) => details.evaluate((d: HTMLDetailsElement) => d.open);
