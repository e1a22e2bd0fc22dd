import { describe, expect, it } from "vitest";
import { type JobFile, type JobTexts, jobSummary, shapeJobs } from "./jobs";

const texts: JobTexts = {
  employmentTypes: { FULL_TIME: "Full-time", PART_TIME: "Part-time", CONTRACTOR: "Contract", TEMPORARY: "Temporary", INTERN: "Internship", VOLUNTEER: "Volunteer", PER_DIEM: "Per diem", OTHER: "Other" },
  salaryUnits: { HOUR: "per hour", DAY: "per day", WEEK: "per week", MONTH: "per month", YEAR: "per year" },
  jobDescription: "{title} in {city}, {department} department: apply online with your resume today.",
};

const file = (over: Partial<JobFile> = {}): JobFile => ({
  slug: "pattern-maker",
  file: "content/jobs/pattern-maker.mdoc",
  title: "Pattern Maker",
  department: "Design",
  location: { city: "Dhaka", country: "Bangladesh", countryCode: "BD" },
  employmentType: "FULL_TIME",
  datePosted: "2027-01-10",
  validThrough: "2027-02-28",
  salary: { discriminant: false },
  description: [{ tag: "p", children: ["Cut patterns."] }],
  ...over,
});

function shape(files: JobFile[], today = "2027-01-15") {
  const problems: string[] = [];
  const jobs = shapeJobs(files, texts, today, (p) => problems.push(p));
  return { jobs, problems };
}

describe("shapeJobs", () => {
  it("shapes an open job with the words shown resolved at build", () => {
    const { jobs, problems } = shape([file({ salary: { discriminant: true, value: { min: 30000, max: 45000, currency: "BDT", unit: "MONTH" } } })]);
    expect(problems).toEqual([]);
    expect(jobs).toEqual([
      {
        slug: "pattern-maker",
        path: "/career/pattern-maker",
        applyPath: "/career/pattern-maker/apply",
        title: "Pattern Maker",
        department: "Design",
        location: { city: "Dhaka", country: "Bangladesh", countryCode: "BD", text: "Dhaka, Bangladesh" },
        employmentType: "FULL_TIME",
        employmentTypeText: "Full-time",
        datePosted: "2027-01-10",
        validThrough: "2027-02-28",
        validThroughText: "28 February 2027",
        salary: { min: 30000, max: 45000, currency: "BDT", unit: "MONTH", text: "BDT 30,000–45,000 per month" },
        summary: "Pattern Maker in Dhaka, Design department: apply online with your resume today.",
        description: [{ tag: "p", children: ["Cut patterns."] }],
      },
    ]);
    expect(jobSummary(jobs[0]!)).toEqual({
      slug: "pattern-maker",
      path: "/career/pattern-maker",
      applyPath: "/career/pattern-maker/apply",
      title: "Pattern Maker",
      department: "Design",
      location: "Dhaka, Bangladesh",
      employmentTypeText: "Full-time",
      validThrough: "2027-02-28",
      validThroughText: "28 February 2027",
    });
  });

  it("leaves out the expired ones on the given day and lists the rest newest first", () => {
    const files = [
      file({ slug: "a-old", datePosted: "2027-01-01", validThrough: "2027-01-14" }),
      file({ slug: "b-older", datePosted: "2027-01-02", validThrough: "2027-01-15" }),
      file({ slug: "c-newest", datePosted: "2027-01-12", validThrough: "2027-06-30" }),
    ];
    expect(shape(files).jobs.map((j) => j.slug)).toEqual(["c-newest", "b-older"]);
    expect(shape(files, "2027-01-16").jobs.map((j) => j.slug)).toEqual(["c-newest"]);
    expect(shape(files, "2027-07-01").jobs).toEqual([]);
  });

  it("names the file and field of each problem and shapes no job from a bad file", () => {
    const { jobs, problems } = shape([
      file({ slug: "backwards", file: "content/jobs/backwards.mdoc", datePosted: "2027-03-01", validThrough: "2027-02-01" }),
      file({ slug: "sent", file: "content/jobs/sent.mdoc" }),
      file({ slug: "pay", file: "content/jobs/pay.mdoc", salary: { discriminant: true, value: { min: 500, max: 400, currency: "USD", unit: "MONTH" } } }),
      file({ slug: "undated", file: "content/jobs/undated.mdoc", validThrough: null }),
    ]);
    expect(jobs).toEqual([]);
    expect(problems).toEqual([
      "content/jobs/backwards.mdoc: validThrough: Valid through (2027-02-01) must not be before Date posted (2027-03-01)",
      "content/jobs/sent.mdoc: title: the page address /career/sent is taken by the career form; choose another file name",
      "content/jobs/pay.mdoc: salary.max: To (400) must not be less than From (500)",
      "content/jobs/undated.mdoc: validThrough: Valid through is required",
    ]);
  });

  it("refuses a search description that comes out shorter than 50 characters", () => {
    const problems: string[] = [];
    // "QC, Dhaka, Design": 17 characters.
    const short = shapeJobs([file({ title: "QC" })], { ...texts, jobDescription: "{title}, {city}, {department}" }, "2027-01-15", (p) => problems.push(p));
    expect(short).toEqual([]);
    expect(problems).toEqual([
      "content/jobs/pattern-maker.mdoc: jobDescription (content/jobs.yaml): the search description of this job is 17 characters once filled in; it must be 50 to 170",
    ]);
  });

  it("shows one amount when the range is a single figure", () => {
    const { jobs } = shape([file({ salary: { discriminant: true, value: { min: 900, max: 900, currency: "USD", unit: "WEEK" } } })]);
    expect(jobs[0]!.salary?.text).toBe("USD 900 per week");
  });
});
