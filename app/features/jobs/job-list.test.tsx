import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { JobWords } from "~/content/job-words";
import { jobSummariesIn } from "~/content/localized-jobs";
import { JobList, type JobListProps } from "./job-list";
import { jobWordsOf, WithMessages } from "../../../test-support/messages";

// The jobs and their words in a language, as the career routes' loaders give them (decisions 0167, 0168).
const words = jobWordsOf("en");
const jobs = jobSummariesIn("en");

function renderList(list: JobListProps["jobs"], shown: JobWords = words, code = "en") {
  const Stub = createRoutesStub([
    {
      path: "*",
      Component: () => (
        <WithMessages code={code}>
          <JobList jobs={list} words={shown} />
        </WithMessages>
      ),
    },
  ]);
  render(<Stub initialEntries={[code === "en" ? "/career" : `/${code}/career`]} />);
}

describe("JobList", () => {
  it("lists each opening with a link to its page and its facts", () => {
    renderList(jobs);
    const section = screen.getByRole("region", { name: words.heading });
    const items = within(section).getAllByRole("listitem");
    expect(items).toHaveLength(jobs.length);
    expect(jobs).toHaveLength(2);
    jobs.forEach((job, i) => {
      const item = within(items[i]!);
      expect(item.getByRole("link", { name: job.title })).toHaveAttribute("href", job.path);
      for (const [label, value] of [
        [words.labels.department, job.department],
        [words.labels.location, job.location],
        [words.labels.employmentType, job.employmentTypeText],
        [words.labels.validThrough, job.validThroughText],
      ]) {
        expect(item.getByText(label!).nextElementSibling).toHaveTextContent(value!);
      }
    });
    expect(words.noOpenings).toBeNull();
  });

  it("says so when no position is open (the build gives the text then: app/content/reader)", () => {
    const noOpenings = "We have no open positions at the moment.";
    renderList([], { ...words, noOpenings });
    const section = screen.getByRole("region", { name: words.heading });
    expect(within(section).getByText(noOpenings)).toBeVisible();
    expect(within(section).queryByRole("list")).toBeNull();
  });

  it("on a German page: the German words and facts, marked German, and each job's link under /de/ (decision 0167)", () => {
    const german = jobWordsOf("de");
    const germanJobs = jobSummariesIn("de");
    renderList(germanJobs, german, "de");
    const section = screen.getByRole("region", { name: "Offene Stellen" });
    expect(section.querySelector("h2")).toHaveAttribute("lang", "de");
    // The fixture's full-time opening, open through 31 December 2099.
    const merchandiser = germanJobs.find((job) => job.slug === "knitwear-merchandiser")!;
    const link = within(section).getByRole("link", { name: merchandiser.title });
    expect(link).toHaveAttribute("href", `/de${merchandiser.path}`);
    const item = within(link.closest("li")!);
    expect(item.getByText("Beschäftigungsart").nextElementSibling).toHaveTextContent("Vollzeit");
    const due = item.getByText("Bewerbung bis").nextElementSibling!;
    expect(due).toHaveTextContent("31. Dezember 2099");
    expect(due).toHaveAttribute("lang", "de");
  });
});
