import { fields, singleton } from "@keystatic/core";
import { video } from "./faq";
import { fixedText, media, placeholderHelp, richText, template, text, textList } from "./fields";

// Decision 0176: the PDCA steps' and the goal cards' names are content, the specification's English
// names fixed in the English file, free words in a translation (app/content/studio/translations.ts).
const named = (fixed: boolean, value: string) => (fixed ? fixedText(value, value) : text(`${value} (its name)`));
/** The steps' names as the English file fixes them, or (a translation) as free words. */
export const pdcaNames = (fixed: boolean) =>
  fields.object(
    { plan: named(fixed, "Plan"), do: named(fixed, "Do"), check: named(fixed, "Check"), act: named(fixed, "Act") },
    { label: "The steps' names" },
  );
/** The cards' names as the English file fixes them, or (a translation) as free words. */
export const goalNames = (fixed: boolean) =>
  fields.object(
    {
      teamWork: named(fixed, "Team Work"),
      success: named(fixed, "Success"),
      creative: named(fixed, "Creative"),
      expressGoalsPositively: named(fixed, "Express Goals Positively"),
    },
    { label: "The cards' names" },
  );

/**
 * The company profile PDF's own words (decision 0188: `companyProfileWords`), the same fields in the
 * English file and a translation: a language's PDF is made from its about page's translation, which
 * therefore holds them all.
 */
export const profilePdfWords = () => ({
  title: text("PDF: its title", { description: "After the tagline on the first page, and the file's title." }),
  quality: text("PDF: heading of the quality section"),
  compliance: text("PDF: heading of the compliance section"),
  contact: text("PDF: heading of the contact section"),
  headOffice: text("PDF: label of the head office's address"),
  email: text("PDF: label of the e-mail address"),
  phone: text("PDF: label of the phone number"),
  website: text("PDF: label of the website"),
  page: template("PDF: page number", ["page", "pages"], { description: "At the foot of every page." }),
});

const titled = (label: string, descriptionMin = 20) =>
  fields.object({ name: text("Name"), description: text("Description", { multiline: true, min: descriptionMin }) }, { label });
const titledList = (label: string, min: number, descriptionMin = 20) =>
  fields.array(titled(label, descriptionMin), { label, itemLabel: (p) => p.fields.name.value, validation: { length: { min } } });

export const about = singleton({
  label: "About us",
  path: "content/company/about",
  format: { contentField: "intro" },
  schema: {
    introHeading: text("Heading of the intro"),
    intro: richText("Who we are", placeholderHelp),
    factsHeading: text("Heading of the key facts"),
    facts: fields.array(fields.object({ label: text("Label", { description: placeholderHelp }), value: text("Value", { description: placeholderHelp }) }), {
      label: "Key facts",
      itemLabel: (p) => p.fields.label.value,
      validation: { length: { min: 4 } },
    }),
    sections: fields.array(
      fields.object({
        heading: text("Heading", { description: placeholderHelp }),
        body: text("Text", { multiline: true, description: placeholderHelp }),
        list: fields.select({
          label: "List under the text",
          options: [
            { label: "None", value: "none" },
            { label: "Product families (from Company facts)", value: "productFamilies" },
            { label: "Certificates (from Company facts)", value: "certificates" },
          ],
          defaultValue: "none",
        }),
      }),
      { label: "Sections", itemLabel: (p) => p.fields.heading.value, validation: { length: { min: 1 } } },
    ),
    profile: fields.object(
      {
        label: fixedText("Button label", "Company Profile Download"),
        note: text("Note beside the button"),
        ...profilePdfWords(),
      },
      { label: "Company profile PDF" },
    ),
    image: fields.object(
      {
        src: media("Image"),
        alt: text("Image description", { description: placeholderHelp }),
        width: fields.integer({ label: "Width (px)", validation: { isRequired: true, min: 1 } }),
        height: fields.integer({ label: "Height (px)", validation: { isRequired: true, min: 1 } }),
      },
      { label: "Image" },
    ),
    teamHeading: fixedText("Team heading", "Team Members"),
  },
});

export const mission = singleton({
  label: "Mission, vision and values",
  path: "content/company/mission",
  format: { data: "yaml" },
  schema: {
    mission: fields.object(
      { heading: text("Heading"), statement: text("Statement", { multiline: true, min: 40 }), points: textList("Points", "Point") },
      { label: "Mission" },
    ),
    vision: fields.object(
      {
        heading: text("Heading", { description: placeholderHelp }),
        statement: text("Statement", { multiline: true, min: 40, description: placeholderHelp }),
        targets: textList("Targets", "Target"),
      },
      { label: "Vision" },
    ),
    values: fields.object({ heading: text("Heading"), items: titledList("Values", 3) }, { label: "Values" }),
  },
});

export const compliance = singleton({
  label: "Compliance",
  path: "content/company/compliance",
  format: { data: "yaml" },
  schema: {
    intro: text("Intro", { multiline: true, min: 40 }),
    cycle: fields.object(
      {
        heading: text("Heading"),
        caption: text("Caption"),
        plan: text("Plan", { multiline: true, min: 20 }),
        do: text("Do", { multiline: true, min: 20 }),
        check: text("Check", { multiline: true, min: 20 }),
        act: text("Act", { multiline: true, min: 20 }),
        names: pdcaNames(true),
      },
      { label: "Plan, Do, Check, Act" },
    ),
    goals: fields.object({ heading: text("Heading"), items: textList("Goals", "Goal", { min: 3 }) }, { label: "Goals" }),
    checklists: fields.object(
      {
        heading: text("Heading"),
        intro: text("Intro", { multiline: true }),
        lists: fields.array(fields.object({ title: text("Title"), items: textList("Items", "Item", { min: 2 }) }), {
          label: "Checklists",
          itemLabel: (p) => p.fields.title.value,
          validation: { length: { min: 2 } },
        }),
      },
      { label: "Checklists" },
    ),
    certificatesHeading: text("Heading of the certificate list"),
  },
});

export const goals = singleton({
  label: "Goals",
  path: "content/company/goals",
  format: { data: "yaml" },
  schema: {
    intro: text("Intro", { multiline: true, min: 40 }),
    objectives: fields.object(
      {
        heading: text("Heading"),
        items: fields.array(
          fields.object({ title: text("Title"), description: text("Description", { multiline: true, min: 20, description: placeholderHelp }) }),
          { label: "Objectives", itemLabel: (p) => p.fields.title.value, validation: { length: { min: 3 } } },
        ),
      },
      { label: "Objectives" },
    ),
    values: fields.object(
      {
        heading: text("Heading"),
        teamWork: text("Team Work", { multiline: true, min: 20 }),
        success: text("Success", { multiline: true, min: 20 }),
        creative: text("Creative", { multiline: true, min: 20 }),
        expressGoalsPositively: text("Express Goals Positively", { multiline: true, min: 20 }),
        names: goalNames(true),
      },
      { label: "The four value cards" },
    ),
  },
});

// The organogram: up to four levels under the Managing Director.
function orgUnit(depth: number): ReturnType<typeof fields.object> {
  const unit = {
    id: fields.text({
      label: "Id",
      validation: { length: { min: 1 }, pattern: { regex: /^[a-z-]+$/, message: "Id must be lower-case letters and dashes" } },
    }),
    title: text("Title"),
    detail: fields.text({ label: "Detail", description: "May be left empty." }),
  };
  if (depth === 0) return fields.object(unit);
  return fields.object({
    ...unit,
    children: fields.array(orgUnit(depth - 1), { label: "Reports to this unit", itemLabel: (p) => String((p.fields as unknown as { title: { value: string } }).title.value) }),
  });
}

export const organization = singleton({
  label: "Organogram",
  path: "content/company/organization",
  format: { data: "yaml" },
  schema: {
    intro: text("Intro", { multiline: true, min: 40 }),
    chartTitle: text("Chart title"),
    root: orgUnit(3),
  },
});

export const mdMessage = singleton({
  label: "MD message",
  path: "content/company/md-message",
  format: { contentField: "message" },
  schema: {
    heading: text("Heading"),
    greeting: text("Greeting"),
    message: richText("Message", placeholderHelp),
    signOff: text("Sign-off"),
    portraitAlt: template("Description of the portrait", ["name"]),
  },
});

export const services = singleton({
  label: "Services",
  path: "content/company/services",
  format: { data: "yaml" },
  schema: {
    intro: text("Intro", { multiline: true, min: 40, description: placeholderHelp }),
    offered: fields.object(
      {
        heading: text("Heading"),
        items: fields.array(
          fields.object({ title: text("Title"), description: text("Description", { multiline: true, min: 20, description: placeholderHelp }) }),
          { label: "Services", itemLabel: (p) => p.fields.title.value, validation: { length: { min: 4 } } },
        ),
      },
      { label: "Services we offer" },
    ),
    products: fields.object(
      { heading: text("Heading"), intro: text("Intro", { description: "The list under it is Product families in Company facts." }) },
      { label: "Products we supply" },
    ),
    payment: fields.object(
      {
        heading: text("Heading"),
        intro: text("Intro"),
        modes: fields.array(fields.object({ code: text("Code"), name: text("Name") }), {
          label: "Payment modes",
          itemLabel: (p) => p.fields.code.value,
          validation: { length: { min: 1 } },
        }),
      },
      { label: "Payment modes" },
    ),
    video: fields.object({ heading: text("Heading"), caption: text("Caption"), video: video() }, { label: "Video section" }),
  },
});

export const quality = singleton({
  label: "Quality",
  path: "content/company/quality",
  format: { data: "yaml" },
  schema: {
    intro: text("Intro", { multiline: true, min: 40 }),
    precautions: fields.object({ heading: text("Heading"), items: textList("Precautions", "Precaution", { min: 3 }) }, { label: "Precautions" }),
    tests: fields.object({ heading: text("Heading"), items: titledList("Tests", 3, 1) }, { label: "Tests" }),
    inspection: fields.object(
      {
        heading: text("Heading"),
        body: fields.text({
          label: "Text",
          multiline: true,
          validation: { length: { min: 1 }, pattern: { regex: /AQL 1\.5-2\.5/, message: "Text must state AQL 1.5-2.5" } },
        }),
        stages: titledList("Stages", 2, 1),
        companiesHeading: text("Heading of the inspection companies"),
        companies: textList("Inspection companies", "Company", { min: 3, max: 3 }),
      },
      { label: "Inspection" },
    ),
    innovation: fields.object(
      { heading: text("Heading"), body: text("Text", { multiline: true, min: 40 }), items: textList("Items", "Item", { min: 2 }) },
      { label: "Innovation" },
    ),
  },
});
