import { collection, fields, singleton } from "@keystatic/core";
import { fieldMaxLength } from "../../lib/contracts/form-endpoint";
import { countryCode, placeholderHelp, richText, template, text } from "./fields";

// content/jobs/<slug>.mdoc: one job opening per file (the file name is the page address
// /career/<slug>), the description as Markdoc under the header. content/jobs.yaml: the words around
// the openings on /career and the job pages. The build checks what a field cannot (valid through
// after date posted, reserved addresses) in app/content/reader/jobs.ts.

/** schema.org JobPosting employmentType values, with the studio's labels. */
export const employmentTypes = [
  { value: "FULL_TIME", label: "Full-time" },
  { value: "PART_TIME", label: "Part-time" },
  { value: "CONTRACTOR", label: "Contractor" },
  { value: "TEMPORARY", label: "Temporary" },
  { value: "INTERN", label: "Intern" },
  { value: "VOLUNTEER", label: "Volunteer" },
  { value: "PER_DIEM", label: "Per diem" },
  { value: "OTHER", label: "Other" },
] as const;
export type EmploymentType = (typeof employmentTypes)[number]["value"];

/** schema.org QuantitativeValue unitText values for a salary. */
export const salaryUnits = [
  { value: "HOUR", label: "Per hour" },
  { value: "DAY", label: "Per day" },
  { value: "WEEK", label: "Per week" },
  { value: "MONTH", label: "Per month" },
  { value: "YEAR", label: "Per year" },
] as const;
export type SalaryUnit = (typeof salaryUnits)[number]["value"];

const date = (label: string, description: string) => fields.date({ label, description, validation: { isRequired: true } });

export const jobs = collection({
  label: "Job openings",
  path: "content/jobs/*",
  slugField: "title",
  format: { contentField: "description" },
  columns: ["title", "validThrough"],
  schema: {
    title: fields.slug({
      name: {
        label: "Job title",
        description: "Also fills the Position field of the application form.",
        validation: { length: { min: 1, max: fieldMaxLength.position } },
      },
      slug: { label: "Page address (file name)", description: "The job's page is /career/<this>." },
    }),
    department: text("Department", { description: "E.g. Merchandising, Quality, Compliance." }),
    location: fields.object(
      {
        city: text("City"),
        country: text("Country", { description: "As shown on the page, e.g. Bangladesh." }),
        countryCode: countryCode(),
      },
      { label: "Location" },
    ),
    employmentType: fields.select({ label: "Employment type", options: employmentTypes.map((t) => ({ ...t })), defaultValue: "FULL_TIME" }),
    datePosted: date("Date posted", "The day the opening was published."),
    validThrough: date("Valid through", "Last day to apply: the opening leaves the site at the first republish after this day."),
    salary: fields.conditional(fields.checkbox({ label: "Show a salary range", defaultValue: false }), {
      false: fields.empty(),
      true: fields.object(
        {
          min: fields.integer({ label: "From", validation: { isRequired: true, min: 0 } }),
          max: fields.integer({ label: "To", validation: { isRequired: true, min: 0 } }),
          currency: fields.select({
            label: "Currency",
            options: [
              { label: "Bangladeshi taka (BDT)", value: "BDT" },
              { label: "US dollar (USD)", value: "USD" },
              { label: "Euro (EUR)", value: "EUR" },
            ],
            defaultValue: "BDT",
          }),
          unit: fields.select({ label: "Per", options: salaryUnits.map((u) => ({ ...u })), defaultValue: "MONTH" }),
        },
        { label: "Salary range" },
      ),
    }),
    description: richText("Description", `What the job is, what it asks for and what it offers. ${placeholderHelp}`),
  },
});

export const jobsPage = singleton({
  label: "Career and job page texts",
  path: "content/jobs",
  format: { data: "yaml" },
  schema: {
    heading: text("Heading of the list on /career"),
    noOpenings: text("When no position is open", { multiline: true }),
    departmentLabel: text("Department label"),
    locationLabel: text("Location label"),
    employmentTypeLabel: text("Employment type label"),
    validThroughLabel: text("Valid through label"),
    salaryLabel: text("Salary label"),
    descriptionHeading: text("Heading above the description"),
    apply: text("Apply button"),
    applyHeading: template("Apply page heading", ["title"]),
    applyIntro: text("Apply page intro", { multiline: true }),
    backToJob: template("Link back to the job", ["title"]),
    jobDescription: template("Search description of a job page", ["title", "department", "city"], {
      description: "50 to 170 characters once filled in.",
    }),
    applyDescription: template("Search description of an apply page", ["title"]),
    employmentTypes: fields.object(
      Object.fromEntries(employmentTypes.map((t) => [t.value, text(t.label)])) as Record<EmploymentType, ReturnType<typeof text>>,
      { label: "Employment types as shown" },
    ),
    salaryUnits: fields.object(
      Object.fromEntries(salaryUnits.map((u) => [u.value, text(u.label)])) as Record<SalaryUnit, ReturnType<typeof text>>,
      { label: "Salary periods as shown" },
    ),
  },
});
