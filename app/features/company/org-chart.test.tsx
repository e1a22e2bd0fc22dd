import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { organization } from "~/content/organization";
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

  it("on the organogram page, with its props: the Managing Director on top, each department two levels below", () => {
    render(<OrgChart title={organization.chartTitle} root={organization.root} />);
    const chart = screen.getByRole("list", { name: organization.chartTitle });
    const top = within(chart).getAllByRole("listitem")[0]!;
    expect(top).toHaveTextContent(organization.root.title);
    const dgm = organization.root.children![0]!;
    expect(dgm.children!.length).toBeGreaterThan(1);
    for (const unit of dgm.children!) {
      const item = within(top).getByText(unit.title, { exact: true }).closest("li")!;
      expect(item.parentElement!.closest("li")!.parentElement!.closest("li")).toBe(top);
    }
  });
});
