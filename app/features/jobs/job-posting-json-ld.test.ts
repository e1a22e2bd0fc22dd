import { describe, expect, it } from "vitest";
import type { Job } from "~/content/jobs";
import { jobs } from "~/content/jobs";
import { site } from "~/content/site";
import { jobPostingJsonLd } from "./job-posting-json-ld";

const job: Job = {
  slug: "pattern-maker",
  path: "/career/pattern-maker",
  applyPath: "/career/pattern-maker/apply",
  title: "Pattern Maker <Woven>",
  department: "Design",
  location: { city: "Dhaka", country: "Bangladesh", countryCode: "BD", text: "Dhaka, Bangladesh" },
  employmentType: "PART_TIME",
  employmentTypeText: "Part-time",
  datePosted: "2027-01-10",
  validThrough: "2027-02-28",
  validThroughText: "28 February 2027",
  summary: "Pattern Maker in Dhaka, Design department: apply online with your resume today.",
  description: [
    { tag: "p", children: ["Cut ", { tag: "strong", children: ["woven & knit"] }, " patterns."] },
    { tag: "ul", children: [{ tag: "li", children: ["CAD <Gerber>"] }] },
    { tag: "p", children: [{ tag: "a", href: "https://example.com/?a=1&b=2", children: ["more"] }] },
  ],
};

describe("jobPostingJsonLd", () => {
  it("carries every JobPosting field from the job, field by field", () => {
    const data = jobPostingJsonLd(job);
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@type"]).toBe("JobPosting");
    expect(data.title).toBe("Pattern Maker <Woven>");
    expect(data.description).toBe(
      '<p>Cut <strong>woven &amp; knit</strong> patterns.</p><ul><li>CAD &lt;Gerber&gt;</li></ul><p><a href="https://example.com/?a=1&amp;b=2">more</a></p>',
    );
    expect(data.datePosted).toBe("2027-01-10");
    expect(data.validThrough).toBe("2027-02-28");
    expect(data.employmentType).toBe("PART_TIME");
    expect(data.hiringOrganization).toEqual({
      "@type": "Organization",
      name: site.name,
      sameAs: site.url,
      url: `${site.url}/`,
      logo: `${site.url}/icons/icon-512.png`,
    });
    expect(data.jobLocation).toEqual({ "@type": "Place", address: { "@type": "PostalAddress", addressLocality: "Dhaka", addressCountry: "BD" } });
    expect(data.url).toBe(`${site.url}/career/pattern-maker`);
    expect(data.directApply).toBe(true);
    expect(data).not.toHaveProperty("baseSalary");
  });

  it("adds the salary range as a MonetaryAmount when the job gives one", () => {
    const data = jobPostingJsonLd({ ...job, salary: { min: 30000, max: 45000, currency: "BDT", unit: "MONTH", text: "BDT 30,000–45,000 per month" } });
    expect(data.baseSalary).toEqual({
      "@type": "MonetaryAmount",
      currency: "BDT",
      value: { "@type": "QuantitativeValue", minValue: 30000, maxValue: 45000, unitText: "MONTH" },
    });
  });

  it("is built for each open position of the content (the fixture's expired one is not among them)", () => {
    expect(jobs.map((j) => j.slug).sort()).toEqual(["knitwear-merchandiser", "pattern-maker"]);
    for (const j of jobs) expect(jobPostingJsonLd(j).title).toBe(j.title);
  });
});
