import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { OrgChart } from "./org-chart";

const root = {
  id: "md",
  title: "Managing Director",
  children: [
    { id: "dgm", title: "DGM", children: [{ id: "qa", title: "Quality", detail: "Inspectors", children: [{ id: "lab", title: "Lab" }] }] },
    { id: "fin", title: "Finance" },
  ],
};

describe("OrgChart", () => {
  it("renders the reporting lines as nested lists inside a labelled figure", () => {
    render(<OrgChart title="Organisation chart" root={root} />);
    expect(screen.getByRole("figure", { name: "Organisation chart" })).toBeInTheDocument();
    const chart = screen.getByRole("list", { name: "Organisation chart" });
    const top = within(chart).getAllByRole("listitem")[0]!;
    expect(top).toHaveTextContent(/^Managing Director/);
    const level1 = within(top).getAllByRole("list")[0]!;
    const dgm = within(level1).getByText("DGM").closest("li")!;
    expect(within(dgm).getByText("Quality").closest("li")).toContainElement(screen.getByText("Lab"));
    expect(within(dgm).getByText("Inspectors")).toBeInTheDocument();
    expect(within(dgm).queryByText("Finance")).toBeNull();
  });
});
