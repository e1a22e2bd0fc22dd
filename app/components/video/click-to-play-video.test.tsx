import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ClickToPlayVideo, type ClickToPlayVideoProps } from "./click-to-play-video";

const video: ClickToPlayVideoProps = {
  label: "Video: woven fabric",
  sources: [
    { src: "/videos/faq.webm", type: "video/webm" },
    { src: "/videos/faq.mp4", type: "video/mp4" },
  ],
  poster: "/videos/faq-poster.webp",
  width: 640,
  height: 360,
  muted: true,
};

describe("ClickToPlayVideo", () => {
  it("prerenders the poster and a link to the MP4 file, and no player", () => {
    const html = renderToString(<ClickToPlayVideo {...video} />);
    expect(html).not.toContain("<video");
    expect(html).toMatch(/<a href="\/videos\/faq\.mp4"/);
    expect(html).toContain("Play video: Video: woven fabric");
    expect(html).toContain('src="/videos/faq-poster.webp"');
  });

  it("in the browser, a button puts the player in place: playing, focused, with controls and fallback text", async () => {
    const user = userEvent.setup();
    const { container } = render(<ClickToPlayVideo {...video} />);
    expect(container.querySelector("video")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Play video: Video: woven fabric" }));

    const player = screen.getByLabelText("Video: woven fabric") as HTMLVideoElement;
    expect(player.tagName).toBe("VIDEO");
    expect(player).toHaveFocus();
    expect(player.controls).toBe(true);
    expect(player.autoplay).toBe(true);
    expect(player.muted).toBe(true);
    expect(player).toHaveAttribute("poster", video.poster);
    expect(player).toHaveTextContent("Your browser does not support the video tag.");
    expect([...player.querySelectorAll("source")].map((s) => s.getAttribute("src"))).toEqual(["/videos/faq.webm", "/videos/faq.mp4"]);
    expect(screen.queryByRole("button", { name: /^Play video/ })).toBeNull();
  });

  it("without a poster still offers the play button", () => {
    render(<ClickToPlayVideo {...video} poster={undefined} />);
    expect(screen.getByRole("button", { name: "Play video: Video: woven fabric" })).toBeInTheDocument();
    expect(screen.queryByRole("img")).toBeNull();
  });
});
