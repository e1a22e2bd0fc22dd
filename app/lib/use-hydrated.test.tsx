import { renderHook } from "@testing-library/react";
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useHydrated } from "./use-hydrated";

function State() {
  return <p>{useHydrated() ? "enhanced" : "plain"}</p>;
}

/** Prerenders <State />, hydrates it as the browser would, and reports recoverable errors. */
async function hydratePrerendered() {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<State />);
  document.body.append(container);
  // hydrateRoot outside Testing Library: tell React this is a test environment for act().
  const reactGlobal = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const wasActEnvironment = reactGlobal.IS_REACT_ACT_ENVIRONMENT;
  reactGlobal.IS_REACT_ACT_ENVIRONMENT = true;
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <State />, { onRecoverableError: (e) => errors.push(e) });
  });
  reactGlobal.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
  const text = container.textContent;
  container.remove();
  return { errors, text };
}

describe("useHydrated", () => {
  it("is false in prerendered HTML", () => {
    expect(renderToString(<State />)).toContain("plain");
  });

  it("hydrates the prerendered state without a mismatch, then switches to true", async () => {
    expect(await hydratePrerendered()).toEqual({ errors: [], text: "enhanced" });
    // The server render never sees the browser's state.
    expect(renderToString(<State />)).toContain("plain");
  });

  it("once the page has hydrated, a component mounted later (client-side navigation) starts true", async () => {
    await hydratePrerendered();
    const rendered: boolean[] = [];
    renderHook(() => {
      const hydrated = useHydrated();
      rendered.push(hydrated);
      return hydrated;
    });
    expect(rendered).toEqual([true]);
  });
});
