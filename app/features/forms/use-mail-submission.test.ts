import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useMailSubmission } from "./use-mail-submission";

afterEach(() => vi.useRealTimers());

describe("useMailSubmission", () => {
  it("goes idle → sending → success", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    let answer!: (r: Response) => void;
    vi.spyOn(globalThis, "fetch").mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { result } = renderHook(() => useMailSubmission("contact", { minFillMs: 0 }));
    expect(result.current.status).toBe("idle");
    let sent!: Promise<boolean>;
    act(() => {
      sent = result.current.submit(() => ({ name: "Ada" }), "");
    });
    expect(result.current.status).toBe("sending");
    await act(async () => {
      await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
      answer(new Response("OK"));
      expect(await sent).toBe(true);
    });
    expect(result.current.status).toBe("success");
  });

  it("treats a filled honeypot as a visible failure and sends nothing", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const fetch = vi.spyOn(globalThis, "fetch");
    const { result } = renderHook(() => useMailSubmission("contact", { minFillMs: 0 }));
    await act(async () => {
      expect(await result.current.submit(() => ({ name: "Bot" }), "http://spam.example")).toBe(false);
    });
    expect(result.current.status).toBe("error");
    expect(fetch).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/honeypot/));
  });

  it("holds a too-fast submission until the minimum fill time, then sends it", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    vi.useFakeTimers();
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("OK"));
    const { result } = renderHook(() => useMailSubmission("contact", { minFillMs: 1500 }));
    act(() => result.current.noteInteraction());
    let sent!: Promise<boolean>;
    act(() => {
      sent = result.current.submit(() => ({ name: "Ada" }), "");
    });
    await act(() => vi.advanceTimersByTimeAsync(1400));
    expect(fetch).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(fetch).toHaveBeenCalledTimes(1);
    await act(async () => expect(await sent).toBe(true));
  });

  it("counts the fill time from hydration when the visitor typed before it", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    vi.useFakeTimers();
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("OK"));
    const form = document.createElement("form");
    form.innerHTML = '<input name="name" value="Typed before hydration">';
    const { result } = renderHook(() => useMailSubmission("contact", { minFillMs: 1500 }));
    act(() => void result.current.formRef(form));
    await act(() => vi.advanceTimersByTimeAsync(1500));
    let sent!: Promise<boolean>;
    act(() => {
      sent = result.current.submit(() => ({ name: "Ada" }), "");
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetch).toHaveBeenCalledTimes(1);
    await act(async () => expect(await sent).toBe(true));
  });
});
