import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { jobs, type Job } from "~/content/jobs";
import { jobsPage } from "~/content/jobs-page";
import { JobDetails } from "./job-details";

// A job's page below its banner, as the job route renders it (the open job of the content): its facts
// as a definition list, and its JobPosting. The browser spec keeps the breadcrumb with axe, the
// JobPosting against the served logo, the 404 and the forms (e2e/jobs.spec.ts); decision 0144.

function renderJob(job: Job) {
  const Stub = createRoutesStub([{ path: "*", Component: () => <JobDetails job={job} /> }]);
  return render(<Stub initialEntries={[job.path]} />);
}

/** The page's facts as [term, definition] pairs, in order. */
const facts = () => {
  const definitions = screen.getAllByRole("definition");
  return screen.getAllByRole("term").map((term, i) => [term.textContent, definitions[i]!.textContent]);
};

function postings(container: HTMLElement) {
  return [...container.querySelectorAll('script[type="application/ld+json"]')]
    .map((script) => JSON.parse(script.textContent!) as Record<string, unknown>)
    .filter((data) => data["@type"] === "JobPosting");
}

const withSalary = jobs.find((job) => job.salary)!;
const withoutSalary = jobs.find((job) => !job.salary)!;

describe("JobDetails", () => {
  it("without a salary in the file, the JobPosting has no baseSalary and the page no salary line", () => {
    expect(withoutSalary).toBeDefined();
    const { container } = renderJob(withoutSalary);
    const [posting, ...others] = postings(container);
    expect(others).toEqual([]);
    expect(posting).toMatchObject({ title: withoutSalary.title, employmentType: withoutSalary.employmentType });
    expect(posting).not.toHaveProperty("baseSalary");
    expect(facts()).toEqual([
      [jobsPage.labels.department, withoutSalary.department],
      [jobsPage.labels.location, withoutSalary.location.text],
      [jobsPage.labels.employmentType, withoutSalary.employmentTypeText],
      [jobsPage.labels.validThrough, withoutSalary.validThroughText],
    ]);
    expect(screen.queryByRole("term", { name: jobsPage.labels.salary })).toBeNull();
  });

  it("with a salary, the page's last fact is the salary and the JobPosting has its baseSalary", () => {
    expect(withSalary).toBeDefined();
    const { container } = renderJob(withSalary);
    expect(facts().at(-1)).toEqual([jobsPage.labels.salary, withSalary.salary!.text]);
    expect(postings(container)[0]).toHaveProperty("baseSalary.value.minValue", withSalary.salary!.min);
    expect(
      within(screen.getByRole("heading", { level: 2, name: jobsPage.descriptionHeading }).parentElement!).getAllByRole("paragraph").length,
    ).toBeGreaterThan(0);
  });
});
