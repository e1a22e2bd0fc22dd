import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { GalleryGrid } from "~/features/gallery/gallery-grid";
import { externalPicture } from "~/lib/photos/picture-sources";

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
  it("opens on an image with its title, closes by the Close button and returns focus", async () => {
    const user = userEvent.setup();
    render(<GalleryGrid images={images} imageHeightPx={450} />);
    const opener = screen.getByRole("button", { name: "View larger: Solid T-Shirt" });
    expect(screen.queryByRole("heading", { name: "Solid T-Shirt" })).toBeNull();
    await user.click(opener);
    expect(screen.getByRole("heading", { name: "Solid T-Shirt" })).toBeVisible();
    expect(screen.getByRole("dialog", { name: "Solid T-Shirt" })).toHaveAttribute("open");
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("heading", { name: "Solid T-Shirt" })).toBeNull();
    expect(opener).toHaveFocus();
  });

  it("renders a photo as AVIF/WebP sources with its real width and height, and a CDN URL as given", () => {
    const { container } = render(<GalleryGrid images={images} imageHeightPx={250} />);
    const [photo, cdn] = screen.getAllByRole("img");
    expect(photo).toHaveAttribute("src", local.src);
    expect(photo).toHaveAttribute("width", "960");
    expect(photo).toHaveAttribute("height", "720");
    expect(photo).toHaveClass("h-[250px]");
    expect(container.querySelector('source[type="image/avif"]')).toHaveAttribute("srcset", local.avifSrcSet);
    expect(container.querySelector('source[type="image/webp"]')).toHaveAttribute("srcset", local.webpSrcSet);
    expect(cdn).toHaveAttribute("src", "https://cdn.example.com/polo.jpg");
    expect(cdn).toHaveAttribute("alt", "Name of products");
    expect(container.querySelectorAll("source")).toHaveLength(2);
  });
});
