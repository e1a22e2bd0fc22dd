import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { SiteHeader } from "./site-header";

function renderAt(path: string) {
  const Stub = createRoutesStub([{ path: "*", Component: SiteHeader }]);
  return render(<Stub initialEntries={[path]} />);
}

describe("SiteHeader", () => {
  it("marks the current page link with aria-current", () => {
    renderAt("/faq");
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "FAQ" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "HOME" })).not.toHaveAttribute("aria-current");
  });

  it("marks the drop-down parent when one of its pages is current", () => {
    renderAt("/our-company/goal");
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("button", { name: "OUR COMPANY" })).toHaveAttribute("aria-current", "true");
  });

  it("opens the drop-down from the keyboard and closes it on Escape", async () => {
    const user = userEvent.setup();
    renderAt("/");
    const nav = screen.getByRole("navigation", { name: "Main" });
    const toggle = within(nav).getByRole("button", { name: "OUR COMPANY" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    toggle.focus();
    await user.keyboard("{Enter}");
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    await user.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveFocus();
  });

  it("opens the mobile menu with its toggle", async () => {
    const user = userEvent.setup();
    renderAt("/");
    const toggle = screen.getByRole("button", { name: "Menu" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveAttribute("aria-controls", "mobile-menu");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("navigation", { name: "Main (mobile)" })).toBeVisible();
  });
});
