import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GetInTouchSection } from "./get-in-touch-section";
import { withWords } from "../../../test-support/messages";

vi.mock("./particles-background", () => ({ default: () => <div data-testid="particles" /> }));

let reportNear: () => void = () => {};
class FakeIntersectionObserver {
  constructor(callback: IntersectionObserverCallback) {
    reportNear = () => callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
  observe() {}
  disconnect() {}
}

function stubReducedMotion(reduce: boolean) {
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) => ({ matches: reduce && query.includes("reduce"), addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
  );
}

beforeEach(() => vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver));
afterEach(() => vi.unstubAllGlobals());

describe("GetInTouchSection", () => {
  it("renders its children under the 'Get In Touch' heading", () => {
    stubReducedMotion(false);
    render(
      <GetInTouchSection>
        <p>Form goes here</p>
      </GetInTouchSection>,
      withWords,
    );
    expect(screen.getByRole("region", { name: "Get In Touch" })).toHaveTextContent("Form goes here");
  });

  it("loads the particles only once the section nears the viewport", async () => {
    stubReducedMotion(false);
    render(<GetInTouchSection>x</GetInTouchSection>, withWords);
    expect(screen.queryByTestId("particles")).toBeNull();
    act(() => reportNear());
    expect(await screen.findByTestId("particles")).toBeInTheDocument();
  });

  it("never loads them under prefers-reduced-motion", async () => {
    stubReducedMotion(true);
    render(<GetInTouchSection>x</GetInTouchSection>, withWords);
    act(() => reportNear());
    await act(() => Promise.resolve());
    expect(screen.queryByTestId("particles")).toBeNull();
  });
});
