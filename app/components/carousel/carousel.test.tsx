import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { carousel, timing } from "~/lib/contracts/constants";
import { Carousel, type CarouselProps } from "./carousel";
import { WithMessages, withWords } from "../../../test-support/messages";

const names = Array.from({ length: 13 }, (_, i) => `Item ${i + 1}`);

function renderCarousel(props: Partial<CarouselProps<string>> = {}) {
  return render(
    <Carousel label="Things" items={names} getKey={(n) => n} renderSlide={(n) => <p>{n}</p>} transitionMs={timing.slideTransitionMs} {...props} />,
    withWords,
  );
}

/** Labels ("N of M") of the slides a visitor can currently reach. */
function slidesInView() {
  return screen
    .getAllByRole("group")
    .filter((slide) => !slide.hasAttribute("inert"))
    .map((slide) => slide.getAttribute("aria-label"));
}

function stubMedia({ wide = false, reducedMotion = false } = {}) {
  vi.spyOn(window, "matchMedia").mockImplementation((query: string) => {
    const matches = query.includes("prefers-reduced-motion") ? reducedMotion : query.includes("min-width") ? wide : false;
    return { matches, media: query, addEventListener: () => {}, removeEventListener: () => {} } as unknown as MediaQueryList;
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  stubMedia();
});
afterEach(() => vi.useRealTimers());

describe("Carousel", () => {
  it("prerenders every slide but no control: the buttons appear once they work", () => {
    const html = renderToString(
      <WithMessages>
        <Carousel label="Things" items={names} getKey={(n) => n} renderSlide={(n) => <p>{n}</p>} transitionMs={timing.slideTransitionMs} autoplayMs={2000} />
      </WithMessages>,
    );
    expect(html).not.toContain("<button");
    for (const name of names) expect(html).toContain(name);
    // The controls' row is there with its height, so their arrival shifts nothing.
    expect(html).toContain('class="mt-6 flex h-10 items-center justify-center gap-3"></div>');
  });

  it("is a labelled carousel region whose slides say 'N of M'", () => {
    renderCarousel();
    const region = screen.getByRole("region", { name: "Things" });
    expect(region).toHaveAttribute("aria-roledescription", "carousel");
    expect(within(region).getAllByRole("group")[0]).toHaveAccessibleName("1 of 13");
    expect(within(region).getAllByRole("group")[12]).toHaveAccessibleName("13 of 13");
  });

  it("advances every 2000 ms and wraps back to the first slide", () => {
    renderCarousel({ autoplayMs: timing.valueCarouselIntervalMs });
    expect(slidesInView()).toEqual(["1 of 13"]);
    act(() => vi.advanceTimersByTime(timing.valueCarouselIntervalMs - 1));
    expect(slidesInView()).toEqual(["1 of 13"]);
    act(() => vi.advanceTimersByTime(1));
    expect(slidesInView()).toEqual(["2 of 13"]);
    for (let i = 0; i < 11; i++) act(() => vi.advanceTimersByTime(timing.valueCarouselIntervalMs));
    expect(slidesInView()).toEqual(["13 of 13"]);
    act(() => vi.advanceTimersByTime(timing.valueCarouselIntervalMs));
    expect(slidesInView()).toEqual(["1 of 13"]);
  });

  it("advances every 3000 ms for the home team", () => {
    renderCarousel({ autoplayMs: timing.homeTeamCarouselIntervalMs });
    act(() => vi.advanceTimersByTime(2999));
    expect(slidesInView()).toEqual(["1 of 13"]);
    act(() => vi.advanceTimersByTime(1));
    expect(slidesInView()).toEqual(["2 of 13"]);
  });

  it("shows several slides per view and wraps after the last full view", () => {
    stubMedia({ wide: true });
    renderCarousel({ perView: { base: 2, md: 4 }, autoplayMs: timing.certificateCarouselIntervalMs });
    expect(slidesInView()).toEqual(["1 of 13", "2 of 13", "3 of 13", "4 of 13"]);
    for (let i = 0; i < 9; i++) act(() => vi.advanceTimersByTime(timing.certificateCarouselIntervalMs));
    expect(slidesInView()).toEqual(["10 of 13", "11 of 13", "12 of 13", "13 of 13"]);
    act(() => vi.advanceTimersByTime(timing.certificateCarouselIntervalMs));
    expect(slidesInView()[0]).toBe("1 of 13");
  });

  it("previous and next buttons move one step and wrap", () => {
    renderCarousel();
    fireEvent.click(screen.getByRole("button", { name: "Previous slide" }));
    expect(slidesInView()).toEqual(["13 of 13"]);
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(slidesInView()).toEqual(["2 of 13"]);
  });

  it("has no pause button and never moves by itself without autoplay", () => {
    renderCarousel();
    expect(screen.queryByRole("button", { name: /slide show/ })).toBeNull();
    act(() => vi.advanceTimersByTime(10_000));
    expect(slidesInView()).toEqual(["1 of 13"]);
  });

  it("the pause button stops auto-advance and the play button resumes it", () => {
    renderCarousel({ autoplayMs: timing.certificateCarouselIntervalMs });
    fireEvent.click(screen.getByRole("button", { name: "Pause automatic slide show" }));
    act(() => vi.advanceTimersByTime(10_000));
    expect(slidesInView()).toEqual(["1 of 13"]);
    fireEvent.click(screen.getByRole("button", { name: "Start automatic slide show" }));
    act(() => vi.advanceTimersByTime(timing.certificateCarouselIntervalMs));
    expect(slidesInView()).toEqual(["2 of 13"]);
  });

  it("pauses on hover and resumes when the mouse leaves", () => {
    renderCarousel({ autoplayMs: timing.valueCarouselIntervalMs, pauseOnHover: true });
    const region = screen.getByRole("region", { name: "Things" });
    fireEvent.pointerEnter(region, { pointerType: "mouse" });
    act(() => vi.advanceTimersByTime(10_000));
    expect(slidesInView()).toEqual(["1 of 13"]);
    fireEvent.pointerLeave(region, { pointerType: "mouse" });
    act(() => vi.advanceTimersByTime(timing.valueCarouselIntervalMs));
    expect(slidesInView()).toEqual(["2 of 13"]);
  });

  it("pauses while a control has keyboard focus and resumes when focus leaves", () => {
    renderCarousel({ autoplayMs: timing.valueCarouselIntervalMs, pauseOnHover: true });
    const next = screen.getByRole("button", { name: "Next slide" });
    vi.spyOn(next, "matches").mockImplementation((selector) => selector === ":focus-visible");
    fireEvent.focus(next);
    act(() => vi.advanceTimersByTime(10_000));
    expect(slidesInView()).toEqual(["1 of 13"]);
    fireEvent.blur(next, { relatedTarget: document.body });
    act(() => vi.advanceTimersByTime(timing.valueCarouselIntervalMs));
    expect(slidesInView()).toEqual(["2 of 13"]);
  });

  it("does not advance under prefers-reduced-motion until the visitor presses play", () => {
    stubMedia({ reducedMotion: true });
    renderCarousel({ autoplayMs: timing.certificateCarouselIntervalMs });
    act(() => vi.advanceTimersByTime(10_000));
    expect(slidesInView()).toEqual(["1 of 13"]);
    fireEvent.click(screen.getByRole("button", { name: "Start automatic slide show" }));
    act(() => vi.advanceTimersByTime(timing.certificateCarouselIntervalMs));
    expect(slidesInView()).toEqual(["2 of 13"]);
  });

  it("does not advance while the tab is hidden", () => {
    const visibility = vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    renderCarousel({ autoplayMs: timing.certificateCarouselIntervalMs });
    act(() => vi.advanceTimersByTime(10_000));
    expect(slidesInView()).toEqual(["1 of 13"]);
    visibility.mockReturnValue("visible");
    act(() => document.dispatchEvent(new Event("visibilitychange")));
    act(() => vi.advanceTimersByTime(timing.certificateCarouselIntervalMs));
    expect(slidesInView()).toEqual(["2 of 13"]);
  });

  describe("dragging", () => {
    const threshold = carousel.certificateDragThresholdPx;
    function drag(distance: number, { release = true } = {}) {
      const viewport = screen.getAllByRole("group")[0]!.parentElement!.parentElement!;
      fireEvent.pointerDown(viewport, { pointerType: "mouse", button: 0, clientX: 300, pointerId: 1 });
      fireEvent.pointerMove(viewport, { pointerType: "mouse", clientX: 300 + distance, pointerId: 1 });
      if (release) fireEvent.pointerUp(viewport, { pointerType: "mouse", clientX: 300 + distance, pointerId: 1 });
      return viewport;
    }

    it("moves one step only when the drag is longer than 50 px", () => {
      renderCarousel({ dragThresholdPx: threshold });
      drag(-threshold);
      expect(slidesInView()).toEqual(["1 of 13"]);
      drag(-(threshold + 1));
      expect(slidesInView()).toEqual(["2 of 13"]);
      drag(threshold + 1);
      expect(slidesInView()).toEqual(["1 of 13"]);
      drag(threshold + 1);
      expect(slidesInView()).toEqual(["13 of 13"]);
    });

    it("pauses auto-advance from the press until the release", () => {
      renderCarousel({ dragThresholdPx: threshold, autoplayMs: timing.homeTeamCarouselIntervalMs });
      const viewport = drag(-10, { release: false });
      act(() => vi.advanceTimersByTime(10_000));
      expect(slidesInView()).toEqual(["1 of 13"]);
      fireEvent.pointerUp(viewport, { pointerType: "mouse", clientX: 290, pointerId: 1 });
      act(() => vi.advanceTimersByTime(timing.homeTeamCarouselIntervalMs));
      expect(slidesInView()).toEqual(["2 of 13"]);
    });
  });

  it("moves with the arrow keys when asked to", () => {
    renderCarousel({ arrowKeys: true });
    const region = screen.getByRole("region", { name: "Things" });
    fireEvent.keyDown(region, { key: "ArrowLeft" });
    expect(slidesInView()).toEqual(["13 of 13"]);
    fireEvent.keyDown(region, { key: "ArrowRight" });
    expect(slidesInView()).toEqual(["1 of 13"]);
  });
});
