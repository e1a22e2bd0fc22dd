import { describe, expect, it } from "vitest";
import { isoDay, isOpen, openJobs } from "./open-jobs";

describe("open jobs", () => {
  const jobs = [
    { slug: "yesterday", validThrough: "2027-03-09" },
    { slug: "today", validThrough: "2027-03-10" },
    { slug: "next-year", validThrough: "2028-01-01" },
  ];

  it("keeps a job through its valid-through day and drops it the day after", () => {
    expect(openJobs(jobs, "2027-03-10").map((j) => j.slug)).toEqual(["today", "next-year"]);
    expect(openJobs(jobs, "2027-03-11").map((j) => j.slug)).toEqual(["next-year"]);
    expect(openJobs(jobs, "2028-01-02")).toEqual([]);
    expect(isOpen({ validThrough: "2027-03-10" }, "2027-03-10")).toBe(true);
    expect(isOpen({ validThrough: "2027-03-10" }, "2027-03-11")).toBe(false);
  });

  it("takes today as the UTC day of the clock, YYYY-MM-DD", () => {
    expect(isoDay(new Date("2027-03-10T23:59:59Z"))).toBe("2027-03-10");
    expect(isoDay(new Date("2027-12-31T18:30:00-06:00"))).toBe("2028-01-01");
  });
});
