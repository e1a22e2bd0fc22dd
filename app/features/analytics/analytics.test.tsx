import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Link } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { consentStorageKey } from "./consent";
import { dataLayerCalls, freshPage, gtagScripts } from "../../../test-support/analytics-page";

const id = "G-TEST123";

async function renderAnalytics(path = "/") {
  // Imported after freshPage's module reset, as the analytics code is: one words context for both.
  const [{ default: Analytics }, { WithMessages }] = await Promise.all([import("./analytics"), import("../../../test-support/messages")]);
  const Page = () => (
    <WithMessages>
      <Link to="/faq">FAQ</Link>
      <Link to="/contact">Contact</Link>
      <Analytics measurementId={id} />
    </WithMessages>
  );
  const Stub = createRoutesStub([{ path: "*", Component: Page }]);
  return render(<Stub initialEntries={[path]} />);
}

const pageViews = () =>
  dataLayerCalls()
    .filter(([, name]) => name === "page_view")
    .map(([, , params]) => (params as { page_path: string }).page_path);
const banner = () => screen.queryByRole("region", { name: "Analytics cookies" });

beforeEach(freshPage);

describe("Analytics", () => {
  it("asks for consent and sends nothing until the visitor answers", async () => {
    await renderAnalytics();
    expect(banner()).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Accept analytics" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Decline" })).toBeVisible();
    expect(gtagScripts()).toHaveLength(0);
    expect(pageViews()).toEqual([]);
  });

  it("on Accept: remembers it, loads gtag.js, counts this page and every navigation", async () => {
    const user = userEvent.setup();
    await renderAnalytics("/");
    await user.click(screen.getByRole("button", { name: "Accept analytics" }));
    expect(banner()).not.toBeInTheDocument();
    expect(window.localStorage.getItem(consentStorageKey)).toBe("granted");
    expect(gtagScripts()).toHaveLength(1);
    expect(dataLayerCalls()).toContainEqual(["consent", "update", { analytics_storage: "granted" }]);
    await user.click(screen.getByRole("link", { name: "FAQ" }));
    await user.click(screen.getByRole("link", { name: "Contact" }));
    expect(pageViews()).toHaveLength(3);
    expect(pageViews().slice(1)).toEqual(["/faq", "/contact"]);
  });

  it("on Decline: remembers it, loads nothing and counts no navigation", async () => {
    const user = userEvent.setup();
    await renderAnalytics();
    await user.click(screen.getByRole("button", { name: "Decline" }));
    expect(banner()).not.toBeInTheDocument();
    expect(window.localStorage.getItem(consentStorageKey)).toBe("denied");
    await user.click(screen.getByRole("link", { name: "FAQ" }));
    expect(gtagScripts()).toHaveLength(0);
    expect(pageViews()).toEqual([]);
  });

  it("a remembered 'granted' skips the banner and counts the first page at start-up", async () => {
    window.localStorage.setItem(consentStorageKey, "granted");
    await renderAnalytics("/faq");
    await act(async () => {});
    expect(banner()).not.toBeInTheDocument();
    expect(gtagScripts()).toHaveLength(1);
    expect(pageViews()).toEqual(["/faq"]);
  });

  it("a remembered 'denied' skips the banner and loads nothing", async () => {
    window.localStorage.setItem(consentStorageKey, "denied");
    await renderAnalytics();
    expect(banner()).not.toBeInTheDocument();
    expect(gtagScripts()).toHaveLength(0);
  });

  it("initialises once even when mounted twice", async () => {
    const first = await renderAnalytics();
    first.unmount();
    await renderAnalytics();
    expect(dataLayerCalls().filter(([command]) => command === "config")).toHaveLength(1);
  });
});
