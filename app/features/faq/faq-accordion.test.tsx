import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { faq } from "~/content/faq";
import { richTextToPlain } from "~/content/rich-text";
import { FaqAccordion } from "./faq-accordion";

const [first, second] = faq.entries;
const answer = (e: typeof first) => richTextToPlain(e!.answer);

describe("FaqAccordion", () => {
  it("prerenders exclusive <details> holding every question and answer", () => {
    const html = renderToString(<FaqAccordion entries={faq.entries} />);
    expect(html.match(/<details name="faq"/g)).toHaveLength(12);
    expect(html).not.toMatch(/<details[^>]* open/);
    for (const e of faq.entries) expect(html).toContain(e.id);
  });

  it("in the browser, shows question buttons that expand one answer at a time", async () => {
    const user = userEvent.setup();
    render(<FaqAccordion entries={faq.entries} />);
    const q1 = screen.getByRole("button", { name: first!.question });
    expect(screen.getAllByRole("button", { expanded: false })).toHaveLength(12);
    expect(q1).toHaveAttribute("aria-controls", `faq-answer-${first!.id}`);
    expect(screen.getByText(answer(first))).not.toBeVisible();

    await user.click(q1);
    expect(q1).toHaveAttribute("aria-expanded", "true");
    expect(q1).toHaveTextContent("−");
    expect(screen.getByText(answer(first))).toBeVisible();

    await user.click(screen.getByRole("button", { name: second!.question }));
    expect(q1).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByText(answer(first))).not.toBeVisible();
    expect(screen.getByText(answer(second))).toBeVisible();
  });
});
