import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { GalleryGrid } from "~/features/gallery/gallery-grid";
import { externalPicture } from "~/lib/photos/picture-sources";
import { withWords, WithMessages } from "../../../test-support/messages";

const local = {
  src: "/media/gallery/men/tshirt/photos/0/image-0123456789-960w.webp",
  width: 960,
  height: 720,
  avifSrcSet: "/media/gallery/men/tshirt/photos/0/image-0123456789-480w.avif 480w, /media/gallery/men/tshirt/photos/0/image-0123456789-960w.avif 960w",
  webpSrcSet: "/media/gallery/men/tshirt/photos/0/image-0123456789-480w.webp 480w, /media/gallery/men/tshirt/photos/0/image-0123456789-960w.webp 960w",
};
const images = [
  { picture: local, title: "Solid T-Shirt" },
  { picture: externalPicture("https://cdn.example.com/polo.jpg"), title: "Name of products" },
];

describe("gallery image dialog", () => {
  it("prerenders each picture as an invoker button for its own dialog, and a link to the picture file", () => {
    const html = renderToString(
      <WithMessages>
        <GalleryGrid images={images} imageHeightPx={450} />
      </WithMessages>,
    );
    expect(html).toContain('commandfor="gallery-view-1" command="show-modal"');
    expect(html).toContain('<dialog id="gallery-view-1"');
    expect(html).toContain('commandfor="gallery-view-1" command="close"');
    expect(html).not.toMatch(/<dialog[^>]* open/);
    expect(html).toContain('href="https://cdn.example.com/polo.jpg"');
  });

  it("opens on an image with its title, closes by the Close button and returns focus", async () => {
    const user = userEvent.setup();
    render(<GalleryGrid images={images} imageHeightPx={450} />, withWords);
    const opener = screen.getByRole("button", { name: "View larger: Solid T-Shirt" });
    const dialog = document.getElementById("gallery-view-1") as HTMLDialogElement;
    expect(dialog.open).toBe(false);
    await user.click(opener);
    expect(dialog.open).toBe(true);
    expect(screen.getByRole("dialog", { name: "Solid T-Shirt" })).toBe(dialog);
    expect(within(dialog).getByRole("img", { name: "Solid T-Shirt" })).toBeVisible();
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(dialog.open).toBe(false);
    expect(opener).toHaveFocus();
  });

  it("links each caption to the picture file", () => {
    render(<GalleryGrid images={images} imageHeightPx={450} />, withWords);
    expect(screen.getByRole("link", { name: "Solid T-Shirt (full-size picture)" })).toHaveAttribute("href", local.src);
  });

  it("renders a photo as AVIF/WebP sources with its real width and height, and a CDN URL as given", () => {
    const { container } = render(<GalleryGrid images={images} imageHeightPx={250} />, withWords);
    const grid = container.querySelector("ul")!;
    const [photo, cdn] = [...grid.querySelectorAll("figure img")];
    expect(photo).toHaveAttribute("src", local.src);
    expect(photo).toHaveAttribute("width", "960");
    expect(photo).toHaveAttribute("height", "720");
    expect(photo).toHaveClass("h-[250px]");
    expect(grid.querySelector('figure source[type="image/avif"]')).toHaveAttribute("srcset", local.avifSrcSet);
    expect(grid.querySelector('figure source[type="image/webp"]')).toHaveAttribute("srcset", local.webpSrcSet);
    expect(cdn).toHaveAttribute("src", "https://cdn.example.com/polo.jpg");
    expect(cdn).toHaveAttribute("alt", "Name of products");
    expect(grid.querySelectorAll("figure source")).toHaveLength(2);
  });
});
