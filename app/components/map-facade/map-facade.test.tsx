import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { contact } from "~/content/contact";
import { MapFacade } from "./map-facade";

describe("MapFacade", () => {
  it("shows only the local preview until 'Show map' is pressed, then the map iframe", async () => {
    const { container } = render(<MapFacade {...contact.map} />);
    expect(screen.getByRole("img", { name: contact.map.previewAlt })).toHaveAttribute("src", contact.map.previewImage);
    expect(container.querySelector("iframe")).toBeNull();

    await userEvent.setup().click(screen.getByRole("button", { name: "Show map" }));
    const frame = screen.getByTitle(contact.map.title);
    expect(frame).toHaveAttribute("src", contact.map.embedUrl);
    expect(frame).toHaveFocus();
    expect(screen.queryByRole("button", { name: "Show map" })).toBeNull();
  });

  it("prerenders no 'Show map' button (it could not work yet), only the preview and the link", () => {
    const html = renderToString(<MapFacade {...contact.map} />);
    expect(html).not.toContain("<button");
    expect(html).toContain(contact.map.linkUrl.replace(/&/g, "&amp;"));
  });

  it("links to the map in a new tab safely, for visitors without JavaScript", () => {
    render(<MapFacade {...contact.map} />);
    const link = screen.getByRole("link", { name: /Open in Google Maps/ });
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });
});
