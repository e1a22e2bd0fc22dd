import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { hydrateRoot } from "react-dom/client";
import { act } from "react";
import { describe, expect, it } from "vitest";
import { faq } from "~/content/faq";
import { richTextToPlain } from "~/content/rich-text";
import { FaqAccordion } from "./faq-accordion";

const [first, second] = faq.entries;
const answer = (e: typeof first) => richTextToPlain(e!.answer);

/** The <details> holding a question (its summary is the disclosure control). */
const itemOf = (question: string) => screen.getByText(question).closest("details")!;

describe("FaqAccordion", () => {
  it("prerenders one exclusive <details> group holding every question and answer, none open", () => {
    const html = renderToString(<FaqAccordion entries={faq.entries} />);
    expect(html.match(/<details [^>]*name="faq"/g)).toHaveLength(faq.entries.length);
    expect(html).not.toMatch(/<details[^>]* open/);
    expect(html).not.toContain("<button");
    for (const e of faq.entries) expect(html).toContain(e.question);
  });

  it("opens an answer from its question, closes it when selected again, and shows − when open", async () => {
    const user = userEvent.setup();
    render(<FaqAccordion entries={faq.entries} />);
    const item = itemOf(first!.question);
    expect(item.open).toBe(false);
    await user.click(screen.getByText(first!.question));
    expect(item.open).toBe(true);
    expect(item.querySelector("summary")).toHaveTextContent("−");
    expect(screen.getByText(answer(first))).toBeVisible();
    await user.click(screen.getByText(first!.question));
    expect(item.open).toBe(false);
  });

  it("keeps an answer opened before hydration open after hydration (same element, no swap)", async () => {
    Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
    const container = document.createElement("div");
    container.innerHTML = renderToString(<FaqAccordion entries={faq.entries} />);
    document.body.append(container);
    const item = container.querySelector<HTMLDetailsElement>(`#faq-${second!.id}`)!;
    item.open = true; // the visitor opened it while scripts were loading
    const root = await act(async () => hydrateRoot(container, <FaqAccordion entries={faq.entries} />));
    expect(container.querySelector(`#faq-${second!.id}`)).toBe(item);
    expect(item.open).toBe(true);
    act(() => root.unmount());
    container.remove();
  });
});
