import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { WithMessages } from "../../../test-support/messages";
import { describe, expect, it } from "vitest";
import { faq } from "~/content/faq";
import { ClickToPlayVideo, type ClickToPlayVideoProps } from "./click-to-play-video";

// The FAQ banner video: two sources (WebM first), a poster, silent footage.
const video = { ...faq.bannerVideo, muted: true } satisfies ClickToPlayVideoProps;
const mp4 = faq.bannerVideo.sources.find((s) => s.type === "video/mp4")!.src;
const play = `Play video: ${video.label}`;

describe("ClickToPlayVideo", () => {
  it("prerenders the poster and a link to the MP4 file, and no player", () => {
    const html = renderToString(
      <WithMessages>
        <ClickToPlayVideo {...video} />
      </WithMessages>,
    );
    expect(html).not.toContain("<video");
    expect(html).toContain(`<a href="${mp4}"`);
    expect(html).toContain(play);
    expect(html).toContain(`src="${video.poster}"`);
  });

  it("in the browser, the same link puts the player in place: playing, focused, with controls and fallback text", async () => {
    const user = userEvent.setup();
    const { container } = render(
      <WithMessages>
        <ClickToPlayVideo {...video} />
      </WithMessages>,
    );
    expect(container.querySelector("video")).toBeNull();

    const link = screen.getByRole("link", { name: play });
    expect(link).toHaveAttribute("href", mp4);
    await user.click(link);

    const player = screen.getByLabelText(video.label) as HTMLVideoElement;
    expect(player.tagName).toBe("VIDEO");
    // Named by an element (decision 0190) that is read as its name only, not as text beside it.
    expect(player).toHaveAccessibleName(video.label);
    expect(screen.getByText(video.label)).not.toBeVisible();
    expect(player).toHaveFocus();
    expect(player.controls).toBe(true);
    expect(player.autoplay).toBe(true);
    expect(player.muted).toBe(true);
    expect(player).toHaveAttribute("poster", video.poster);
    expect(player).toHaveTextContent("Your browser does not support the video tag.");
    expect([...player.querySelectorAll("source")].map((s) => s.getAttribute("src"))).toEqual(video.sources.map((s) => s.src));
    expect(screen.queryByRole("link", { name: /^Play video/ })).toBeNull();
  });

  it("without a poster still offers the play link", () => {
    render(
      <WithMessages>
        <ClickToPlayVideo {...video} poster={undefined} />
      </WithMessages>,
    );
    expect(screen.getByRole("link", { name: play })).toBeInTheDocument();
    expect(screen.queryByRole("img")).toBeNull();
  });
});
