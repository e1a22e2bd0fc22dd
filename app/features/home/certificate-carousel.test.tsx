import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { certificateCards } from "~/content/certificates";
import { homeSectionsIn } from "~/content/home-sections";
import { carousel, timing } from "~/lib/contracts/constants";
import { nextIndex } from "~/components/carousel/carousel-logic";
import { CertificateCarousel } from "./certificate-carousel";
import { withWords } from "../../../test-support/messages";

const home = homeSectionsIn("en");

// The home page's certificate carousel as the visitor works it: its pace, pause, buttons, drag and
// reduced motion. The browser specs keep what only a browser shows (e2e/home.spec.ts: how many cards
// a wide screen shows, a real mouse's drag over the cards' images and links); decision 0144.

const count = certificateCards.length;

function stubMedia({ reducedMotion = false } = {}) {
  vi.spyOn(window, "matchMedia").mockImplementation((query: string) => {
    const matches = query.includes("prefers-reduced-motion") ? reducedMotion : query.includes("min-width");
    return { matches, media: query, addEventListener: () => {}, removeEventListener: () => {} } as unknown as MediaQueryList;
  });
}

/** The first slide a visitor can reach, as its "N of M" label. */
function firstInView() {
  return screen
    .getAllByRole("group")
    .find((slide) => !slide.hasAttribute("inert"))!
    .getAttribute("aria-label");
}

function drag(distance: number) {
  const viewport = screen.getAllByRole("group")[0]!.parentElement!.parentElement!;
  fireEvent.pointerDown(viewport, { pointerType: "mouse", button: 0, clientX: 400, pointerId: 1 });
  fireEvent.pointerMove(viewport, { pointerType: "mouse", clientX: 400 + distance, pointerId: 1 });
  fireEvent.pointerUp(viewport, { pointerType: "mouse", clientX: 400 + distance, pointerId: 1 });
}

const label = (index: number) => `${index + 1} of ${count}`;
const step = (index: number) => nextIndex(index, count, carousel.certificateVisible);

beforeEach(() => {
  vi.useFakeTimers();
  stubMedia();
});
afterEach(() => vi.useRealTimers());

describe("the home page's certificate carousel", () => {
  it("is the region named by its heading, and moves on by itself at its pace", () => {
    render(<CertificateCarousel />, withWords);
    expect(screen.getByRole("region", { name: home.certificates.heading })).toBeInTheDocument();
    expect(firstInView()).toBe(label(0));
    act(() => vi.advanceTimersByTime(timing.certificateCarouselIntervalMs - 1));
    expect(firstInView()).toBe(label(0));
    act(() => vi.advanceTimersByTime(1));
    expect(firstInView()).toBe(label(step(0)));
  });

  it("its pause button stops it, its buttons move it a step each way, and play starts it again", () => {
    render(<CertificateCarousel />, withWords);
    fireEvent.click(screen.getByRole("button", { name: "Pause automatic slide show" }));
    act(() => vi.advanceTimersByTime(timing.certificateCarouselIntervalMs * 3));
    expect(firstInView()).toBe(label(0));
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(firstInView()).toBe(label(step(0)));
    fireEvent.click(screen.getByRole("button", { name: "Previous slide" }));
    expect(firstInView()).toBe(label(0));
    fireEvent.click(screen.getByRole("button", { name: "Start automatic slide show" }));
    act(() => vi.advanceTimersByTime(timing.certificateCarouselIntervalMs));
    expect(firstInView()).toBe(label(step(0)));
  });

  it("a mouse drag longer than 50 px moves one step, a shorter one does not", () => {
    render(<CertificateCarousel />, withWords);
    fireEvent.click(screen.getByRole("button", { name: "Pause automatic slide show" }));
    drag(-carousel.certificateDragThresholdPx);
    expect(firstInView()).toBe(label(0));
    drag(-(carousel.certificateDragThresholdPx + 1));
    expect(firstInView()).toBe(label(step(0)));
    drag(carousel.certificateDragThresholdPx + 1);
    expect(firstInView()).toBe(label(0));
  });

  it("stays still under prefers-reduced-motion, offering to start", () => {
    stubMedia({ reducedMotion: true });
    render(<CertificateCarousel />, withWords);
    act(() => vi.advanceTimersByTime(timing.certificateCarouselIntervalMs * 3));
    expect(firstInView()).toBe(label(0));
    expect(screen.getByRole("button", { name: "Start automatic slide show" })).toBeInTheDocument();
  });
});
