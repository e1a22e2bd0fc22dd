import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { GalleryGrid } from "~/features/gallery/gallery-grid";

const images = [
  { src: "/images/gallery/men/tshirt-1.webp", title: "Solid T-Shirt" },
  { src: "https://cdn.example.com/polo.jpg", title: "Name of products" },
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

  it("renders local images as AVIF/WebP sources with size attributes and a CDN URL as given", () => {
    const { container } = render(<GalleryGrid images={images} imageHeightPx={250} />);
    const [local, cdn] = screen.getAllByRole("img");
    expect(local).toHaveAttribute("width", "960");
    expect(local).toHaveAttribute("height", "1200");
    expect(local).toHaveClass("h-[250px]");
    expect(container.querySelector('source[type="image/avif"]')).toHaveAttribute(
      "srcset",
      "/images/gallery/men/tshirt-1-480w.avif 480w, /images/gallery/men/tshirt-1.avif 960w",
    );
    expect(cdn).toHaveAttribute("src", "https://cdn.example.com/polo.jpg");
    expect(cdn).toHaveAttribute("alt", "Name of products");
    expect(container.querySelectorAll("source")).toHaveLength(2);
  });
});
