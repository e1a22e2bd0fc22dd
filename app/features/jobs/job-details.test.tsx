import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { jobs, type Job } from "~/content/jobs";
import { JobDetails } from "./job-details";
import { jobWordsOf, WithMessages } from "../../../test-support/messages";

// A job's page below its banner, as the job route renders it (the open job of the content): its facts
// as a definition list, and its JobPosting. The browser spec keeps the breadcrumb with axe, the
// JobPosting against the served logo, the 404 and the forms (e2e/jobs.spec.ts); decision 0144.

const jobsPage = jobWordsOf("en");

function renderJob(job: Job, code = "en") {
  const Stub = createRoutesStub([
    {
      path: "*",
      Component: () => (
        <WithMessages code={code}>
          <JobDetails job={job} words={jobWordsOf(code)} />
        </WithMessages>
      ),
    },
  ]);
  return render(<Stub initialEntries={[code === "en" ? job.path : `/${code}${job.path}`]} />);
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

  it("on a German page: the job pages' words in German, marked German, the salary and the date in German formats, links under /de/ (decision 0167)", () => {
    const { container } = renderJob(withSalary, "de");
    const heading = screen.getByRole("heading", { level: 2, name: "Über die Stelle" });
    expect(heading).toHaveAttribute("lang", "de");
    // BDT 80,000–120,000 per month in the fixture, 31 December 2099.
    expect(facts()).toEqual([
      ["Abteilung", withSalary.department],
      ["Standort", withSalary.location.text],
      ["Beschäftigungsart", "Vollzeit"],
      ["Bewerbung bis", "31. Dezember 2099"],
      ["Gehalt", "BDT 80.000–120.000 pro Monat"],
    ]);
    expect(screen.getByRole("link", { name: "Auf diese Stelle bewerben" })).toHaveAttribute("href", `/de${withSalary.applyPath}`);
    expect(postings(container)[0]).toHaveProperty("url", expect.stringMatching(new RegExp(`/de${withSalary.path}$`)));
  });
});
