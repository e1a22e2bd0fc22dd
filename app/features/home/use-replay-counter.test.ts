import { act, renderHook } from "@testing-library/react";
import type { SyntheticEvent } from "react";
import { describe, expect, it, vi } from "vitest";
import { heroVideoNoteAfterPlays } from "~/lib/contracts/constants";
import { useReplayCounter } from "./use-replay-counter";

function endedEvent() {
  const video = { currentTime: 8, play: vi.fn(() => Promise.resolve()) };
  return { video, event: { currentTarget: video } as unknown as SyntheticEvent<HTMLVideoElement> };
}

describe("useReplayCounter", () => {
  it("rewinds and replays the video after each play", () => {
    const { result } = renderHook(() => useReplayCounter());
    const { video, event } = endedEvent();
    act(() => result.current.onEnded(event));
    expect(video.currentTime).toBe(0);
    expect(video.play).toHaveBeenCalledTimes(1);
    expect(result.current.plays).toBe(1);
  });

  it("shows the note only once the video has played 5 times", () => {
    const { result } = renderHook(() => useReplayCounter());
    for (let i = 1; i < heroVideoNoteAfterPlays; i++) {
      act(() => result.current.onEnded(endedEvent().event));
      expect(result.current.showNote).toBe(false);
    }
    act(() => result.current.onEnded(endedEvent().event));
    expect(result.current.plays).toBe(5);
    expect(result.current.showNote).toBe(true);
  });

  it("survives a browser that refuses to replay", () => {
    const { result } = renderHook(() => useReplayCounter());
    const video = { currentTime: 3, play: vi.fn(() => Promise.reject(new Error("NotAllowedError"))) };
    act(() => result.current.onEnded({ currentTarget: video } as unknown as SyntheticEvent<HTMLVideoElement>));
    expect(result.current.plays).toBe(1);
  });
});
