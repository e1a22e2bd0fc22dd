import { act, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { homeSectionsIn } from "~/content/home-sections";
import { heroCertificateImageCount, heroVideoNoteAfterPlays, timing } from "~/lib/contracts/constants";
import { HeroSection } from "./hero-section";
import { WithMessages } from "../../../test-support/messages";

const home = homeSectionsIn("en");

/** The hero at "/", with the page's interface words, as the root gives them. */
const heroStub = () =>
  createRoutesStub([
    {
      path: "/",
      Component: () => (
        <WithMessages>
          <HeroSection />
        </WithMessages>
      ),
    },
  ]);

function renderHero() {
  const Stub = heroStub();
  return render(<Stub initialEntries={["/"]} />);
}

function shownCertificate() {
  return home.hero.certificates.find((c) => screen.queryByText(c.name, { exact: true }))?.name;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => {});
});
afterEach(() => vi.useRealTimers());

describe("HeroSection", () => {
  it("offers two ways on as plain links in the HTML: getting in touch and, beside it, the catalogue", () => {
    const Stub = heroStub();
    const html = renderToString(<Stub initialEntries={["/"]} />);
    expect(html).toContain(`href="${home.hero.secondaryCta.to}"`);
    renderHero();
    expect(screen.getByRole("link", { name: home.hero.cta.label })).toHaveAttribute("href", home.hero.cta.to);
    expect(screen.getByRole("link", { name: "Browse the catalogue" })).toHaveAttribute("href", "/gallery");
  });

  it("prerenders the video still, with its fallback text and no loop attribute", () => {
    const Stub = heroStub();
    const html = renderToString(<Stub initialEntries={["/"]} />);
    expect(html).not.toMatch(/autoplay/i);
    expect(html).toContain('preload="none"');
    const { container } = renderHero();
    const video = container.querySelector("video")!;
    expect(video).toHaveTextContent("Your browser does not support the video tag.");
    expect(video).not.toHaveAttribute("loop");
    expect(video).toHaveAttribute("poster", home.hero.video.poster);
  });

  it("changes the partner certificate every 2000 ms through all 11 and wraps", () => {
    renderHero();
    const names = home.hero.certificates.map((c) => c.name);
    expect(names).toHaveLength(heroCertificateImageCount);
    expect(shownCertificate()).toBe(names[0]);
    act(() => vi.advanceTimersByTime(timing.heroCertificateIntervalMs - 1));
    expect(shownCertificate()).toBe(names[0]);
    act(() => vi.advanceTimersByTime(1));
    expect(shownCertificate()).toBe(names[1]);
    for (let i = 2; i < heroCertificateImageCount; i++) act(() => vi.advanceTimersByTime(timing.heroCertificateIntervalMs));
    expect(shownCertificate()).toBe(names[10]);
    act(() => vi.advanceTimersByTime(timing.heroCertificateIntervalMs));
    expect(shownCertificate()).toBe(names[0]);
  });

  it("shows the note once the video has ended 5 times, replaying it each time", () => {
    const { container } = renderHero();
    const video = container.querySelector("video")!;
    const play = vi.mocked(HTMLMediaElement.prototype.play);
    play.mockClear();
    for (let i = 1; i < heroVideoNoteAfterPlays; i++) fireEvent.ended(video);
    expect(screen.queryByText(home.hero.playNote)).toBeNull();
    fireEvent.ended(video);
    expect(screen.getByRole("status")).toHaveTextContent(home.hero.playNote);
    expect(play).toHaveBeenCalledTimes(heroVideoNoteAfterPlays);
  });

  it("prerenders no pause button: it appears once it can pause", () => {
    const Stub = heroStub();
    expect(renderToString(<Stub initialEntries={["/"]} />)).not.toContain("<button");
  });

  it("one button pauses the video and the certificates", () => {
    // happy-dom plays nothing: the video reads as playing, as it is in a browser by then.
    vi.spyOn(HTMLMediaElement.prototype, "paused", "get").mockReturnValue(false);
    renderHero();
    fireEvent.click(screen.getByRole("button", { name: "Pause the background video and certificates" }));
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(timing.heroCertificateIntervalMs * 3));
    expect(shownCertificate()).toBe(home.hero.certificates[0]!.name);
    expect(screen.getByRole("button", { name: "Play the background video and certificates" })).toBeInTheDocument();
  });
});
