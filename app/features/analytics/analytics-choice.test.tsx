import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { consentStorageKey } from "./consent";
import { dataLayerCalls, freshPage, gtagScripts } from "../../../test-support/analytics-page";
import { messagesOf } from "../../../test-support/messages";

// The privacy notice's analytics choice beside the site's analytics (app/root.tsx mounts both
// lazily when the build has an id): one choice, changed from either, applied at once.

const id = "G-TEST123";
const consentLabels = messagesOf("en").consent;

async function renderPage() {
  // Imported after freshPage's module reset, as the analytics code is: one words context for all.
  const [{ default: Analytics }, { default: AnalyticsChoice }, { WithMessages }] = await Promise.all([
    import("./analytics"),
    import("./analytics-choice"),
    import("../../../test-support/messages"),
  ]);
  const Page = () => (
    <WithMessages>
      <AnalyticsChoice />
      <Analytics measurementId={id} />
    </WithMessages>
  );
  const Stub = createRoutesStub([{ path: "*", Component: Page }]);
  return render(<Stub initialEntries={["/privacy"]} />);
}

const banner = () => screen.queryByRole("region", { name: consentLabels.title });
const status = () => screen.getByRole("status");
const choiceButton = (name: string) => screen.getAllByRole("button", { name }).find((b) => b.hasAttribute("aria-pressed"))!;

beforeEach(freshPage);

describe("AnalyticsChoice", () => {
  it("says no choice is made yet while the banner asks; answering here closes the banner and applies it", async () => {
    const user = userEvent.setup();
    await renderPage();
    expect(banner()).toBeInTheDocument();
    expect(status()).toHaveTextContent(consentLabels.choice.replace("{choice}", consentLabels.unanswered));
    await user.click(choiceButton(consentLabels.accept));
    expect(banner()).not.toBeInTheDocument();
    expect(status()).toHaveTextContent(consentLabels.choice.replace("{choice}", consentLabels.granted));
    expect(choiceButton(consentLabels.accept)).toHaveAttribute("aria-pressed", "true");
    expect(window.localStorage.getItem(consentStorageKey)).toBe("granted");
    expect(gtagScripts()).toHaveLength(1);
    expect(dataLayerCalls()).toContainEqual(["consent", "update", { analytics_storage: "granted" }]);
  });

  it("declining after accepting withdraws consent and removes the analytics cookies", async () => {
    const user = userEvent.setup();
    window.localStorage.setItem(consentStorageKey, "granted");
    await renderPage();
    await act(async () => {});
    document.cookie = "_ga=GA1.1.123.456; Path=/";
    document.cookie = "_ga_TEST123=GS1.1.789; Path=/";
    document.cookie = "other=kept; Path=/";
    expect(status()).toHaveTextContent(consentLabels.choice.replace("{choice}", consentLabels.granted));
    await user.click(choiceButton(consentLabels.decline));
    expect(window.localStorage.getItem(consentStorageKey)).toBe("denied");
    expect(dataLayerCalls()).toContainEqual(["consent", "update", { analytics_storage: "denied" }]);
    expect(document.cookie).not.toMatch(/_ga/);
    expect(document.cookie).toContain("other=kept");
    expect(status()).toHaveTextContent(consentLabels.choice.replace("{choice}", consentLabels.denied));
    expect(banner()).not.toBeInTheDocument();
  });
});
