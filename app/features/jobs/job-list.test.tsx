import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { jobList as words } from "~/content/job-list";
import { jobSummariesIn } from "~/content/localized-jobs";
import { JobList, type JobListProps } from "./job-list";

// The list's words and the English jobs, as /career's loader gives them (decision 0168).
const jobList = { ...words, jobs: jobSummariesIn("en") };

function renderList(list: JobListProps["list"]) {
  const Stub = createRoutesStub([{ path: "/career", Component: () => <JobList list={list} /> }]);
  render(<Stub initialEntries={["/career"]} />);
}

describe("JobList", () => {
  it("lists each opening with a link to its page and its facts", () => {
    renderList(jobList);
    const section = screen.getByRole("region", { name: jobList.heading });
    const items = within(section).getAllByRole("listitem");
    expect(items).toHaveLength(jobList.jobs.length);
    expect(jobList.jobs).toHaveLength(2);
    jobList.jobs.forEach((job, i) => {
      const item = within(items[i]!);
      expect(item.getByRole("link", { name: job.title })).toHaveAttribute("href", job.path);
      for (const [label, value] of [
        [jobList.labels.department, job.department],
        [jobList.labels.location, job.location],
        [jobList.labels.employmentType, job.employmentTypeText],
        [jobList.labels.validThrough, job.validThroughText],
      ]) {
        expect(item.getByText(label!).nextElementSibling).toHaveTextContent(value!);
      }
    });
    expect(jobList.noOpenings).toBeNull();
  });

  it("says so when no position is open (the build gives the text then: app/content/reader)", () => {
    const noOpenings = "We have no open positions at the moment.";
    renderList({ ...jobList, noOpenings, jobs: [] });
    const section = screen.getByRole("region", { name: jobList.heading });
    expect(within(section).getByText(noOpenings)).toBeVisible();
    expect(within(section).queryByRole("list")).toBeNull();
  });
});
