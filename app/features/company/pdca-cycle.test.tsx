import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { compliance } from "~/content/compliance";
import { PdcaCycle } from "./pdca-cycle";

describe("PdcaCycle", () => {
  it("is a figure named by its caption, listing Plan, Do, Check, Act in order", () => {
    render(<PdcaCycle cycle={compliance.cycle} />);
    const figure = screen.getByRole("figure", { name: compliance.cycle.caption });
    const steps = within(figure).getAllByRole("listitem");
    expect(steps).toHaveLength(4);
    ["Plan", "Do", "Check", "Act"].forEach((name, i) => {
      expect(steps[i]).toHaveTextContent(new RegExp(`^${i + 1}${name}`));
      expect(steps[i]).toHaveTextContent(compliance.cycle.steps[i]!.summary);
    });
  });
});
