import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { jobList } from "~/content/job-list";
import { jobsPage } from "~/content/jobs-page";
import { JobList } from "./job-list";

function renderList(jobs: typeof jobList) {
  const Stub = createRoutesStub([{ path: "/career", Component: () => <JobList jobs={jobs} /> }]);
  render(<Stub initialEntries={["/career"]} />);
}

describe("JobList", () => {
  it("lists each opening with a link to its page and its facts", () => {
    renderList(jobList);
    const section = screen.getByRole("region", { name: jobsPage.heading });
    const items = within(section).getAllByRole("listitem");
    expect(items).toHaveLength(jobList.length);
    jobList.forEach((job, i) => {
      const item = within(items[i]!);
      expect(item.getByRole("link", { name: job.title })).toHaveAttribute("href", job.path);
      for (const [label, value] of [
        [jobsPage.departmentLabel, job.department],
        [jobsPage.locationLabel, job.location],
        [jobsPage.employmentTypeLabel, job.employmentTypeText],
        [jobsPage.validThroughLabel, job.validThroughText],
      ]) {
        expect(item.getByText(label!).nextElementSibling).toHaveTextContent(value!);
      }
    });
    expect(screen.queryByText(jobsPage.noOpenings)).toBeNull();
  });

  it("says so, from the content, when no position is open", () => {
    renderList([]);
    const section = screen.getByRole("region", { name: jobsPage.heading });
    expect(within(section).getByText(jobsPage.noOpenings)).toBeVisible();
    expect(within(section).queryByRole("list")).toBeNull();
    expect(jobsPage.noOpenings).toMatch(/no open positions/i);
  });
});
