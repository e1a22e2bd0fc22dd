import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useAccordion } from "./use-accordion";

describe("useAccordion", () => {
  it("starts with nothing open", () => {
    const { result } = renderHook(() => useAccordion());
    expect(result.current.openId).toBeNull();
    expect(result.current.isOpen("a")).toBe(false);
  });

  it("opens one item at a time and closes the open one when toggled again", () => {
    const { result } = renderHook(() => useAccordion());
    act(() => result.current.toggle("a"));
    expect(result.current.isOpen("a")).toBe(true);
    act(() => result.current.toggle("b"));
    expect(result.current.isOpen("a")).toBe(false);
    expect(result.current.isOpen("b")).toBe(true);
    act(() => result.current.toggle("b"));
    expect(result.current.openId).toBeNull();
  });
});
