import { render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { MemoryRouter, createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { quoteResultIn } from "~/content/quote-result";
import { QuoteSentView } from "./quote-result";
import { WithMessages } from "../../../../test-support/messages";

const trialNote =
  "A quantity you asked for is below the usual minimum order of its product: we take your request as a trial order and will discuss it with you.";

const open = (address: string) => {
  const Stub = createRoutesStub([
    {
      path: "/quote/sent",
      Component: () => (
        <WithMessages>
          <QuoteSentView sent={quoteResultIn("en").sent} />
        </WithMessages>
      ),
    },
  ]);
  render(<Stub initialEntries={[address]} />);
};

describe("QuoteSentView (/quote/sent)", () => {
  it("says the request is a trial order to discuss when the address says a quantity was below a minimum", async () => {
    open("/quote/sent?ref=Q-2026-00042&trial=1");
    expect(await screen.findByText("Q-2026-00042")).toBeVisible();
    expect(await screen.findByText(trialNote)).toBeVisible();
  });

  it("says nothing of a trial order for a request at its minimum", async () => {
    open("/quote/sent?ref=Q-2026-00042");
    expect(await screen.findByText("Q-2026-00042")).toBeVisible();
    expect(screen.getByText(trialNote)).not.toBeVisible();
  });

  it("prerenders the note hidden, as the server looks for it to show it without JavaScript (server/site/quote-pages.ts)", () => {
    const html = renderToString(
      <MemoryRouter initialEntries={["/quote/sent"]}>
        <WithMessages>
          <QuoteSentView sent={quoteResultIn("en").sent} />
        </WithMessages>
      </MemoryRouter>,
    );
    expect(html).toContain(`<p id="quote-below-minimum" hidden="" class="mt-4 font-semibold">${trialNote}</p>`);
  });
});
