import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { jobList } from "~/content/job-list";
import type { JobWords } from "~/content/job-words";
import { JobList } from "./job-list";
import { jobWordsOf, WithMessages } from "../../../test-support/messages";

const words = jobWordsOf("en");

function renderList(list: typeof jobList, shown: JobWords = words, code = "en") {
  const Stub = createRoutesStub([
    {
      path: "*",
      Component: () => (
        <WithMessages code={code}>
          <JobList list={list} words={shown} />
        </WithMessages>
      ),
    },
  ]);
  render(<Stub initialEntries={[code === "en" ? "/career" : `/${code}/career`]} />);
}

describe("JobList", () => {
  it("lists each opening with a link to its page and its facts", () => {
    renderList(jobList);
    const section = screen.getByRole("region", { name: words.heading });
    const items = within(section).getAllByRole("listitem");
    expect(items).toHaveLength(jobList.jobs.length);
    expect(jobList.jobs).toHaveLength(2);
    jobList.jobs.forEach((job, i) => {
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
    renderList({ ...jobList, jobs: [] }, { ...words, noOpenings });
    const section = screen.getByRole("region", { name: words.heading });
    expect(within(section).getByText(noOpenings)).toBeVisible();
    expect(within(section).queryByRole("list")).toBeNull();
  });

  it("on a German page: the German words and facts, marked German, and each job's link under /de/ (decision 0167)", () => {
    const german = jobWordsOf("de");
    renderList(jobList, german, "de");
    const section = screen.getByRole("region", { name: "Offene Stellen" });
    expect(section.querySelector("h2")).toHaveAttribute("lang", "de");
    // The fixture's full-time opening, open through 31 December 2099.
    const merchandiser = jobList.jobs.find((job) => job.slug === "knitwear-merchandiser")!;
    const link = within(section).getByRole("link", { name: merchandiser.title });
    expect(link).toHaveAttribute("href", `/de${merchandiser.path}`);
    const item = within(link.closest("li")!);
    expect(item.getByText("Beschäftigungsart").nextElementSibling).toHaveTextContent("Vollzeit");
    const due = item.getByText("Bewerbung bis").nextElementSibling!;
    expect(due).toHaveTextContent("31. Dezember 2099");
    expect(due).toHaveAttribute("lang", "de");
  });
});
