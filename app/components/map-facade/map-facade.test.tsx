import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { contact } from "~/content/contact";
import { MapFacade } from "./map-facade";
import { messagesOf, WithMessages, withWords } from "../../../test-support/messages";

// The map's addresses and picture (content/contact.yaml) with its words in English (decision 0167).
const map = { ...contact.map, ...messagesOf("en").contact.map };

describe("MapFacade", () => {
  it("shows only the local preview until 'Show map' is pressed, then the map iframe", async () => {
    const { container } = render(<MapFacade {...map} />, withWords);
    expect(screen.getByRole("img", { name: map.previewAlt })).toHaveAttribute("src", map.previewImage);
    expect(container.querySelector("iframe")).toBeNull();

    await userEvent.setup().click(screen.getByRole("button", { name: "Show map" }));
    const frame = screen.getByTitle(map.title);
    expect(frame).toHaveAttribute("src", map.embedUrl);
    expect(frame).toHaveFocus();
    expect(screen.queryByRole("button", { name: "Show map" })).toBeNull();
  });

  it("prerenders no 'Show map' button (it could not work yet), only the preview and the link", () => {
    const html = renderToString(
      <WithMessages>
        <MapFacade {...map} />
      </WithMessages>,
    );
    expect(html).not.toContain("<button");
    expect(html).toContain(map.linkUrl.replace(/&/g, "&amp;"));
  });

  it("links to the map in a new tab safely, for visitors without JavaScript", () => {
    render(<MapFacade {...map} />, withWords);
    const link = screen.getByRole("link", { name: /Open in Google Maps/ });
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });
});
