import { fields, singleton } from "@keystatic/core";
import { placeholderHelp, template, text } from "./fields";

// content/privacy.yaml: the privacy notice at /privacy (decision 0073). The words are the company's;
// what cannot drift is filled in by the build: each form's list of fields (from the forms' own
// labels, for every field the form sends) and how many days applications are kept (the Career
// form's retentionDays, the number the server's daily deletion uses).

const paragraphs = (label: string) =>
  text(label, { multiline: true, description: `${placeholderHelp} A blank line starts a new paragraph.` });

const form = (label: string, kept: ReturnType<typeof text>) =>
  fields.object(
    {
      heading: text("Heading"),
      purpose: paragraphs("Why we ask for it"),
      recipients: paragraphs("Who receives it"),
      kept,
    },
    { label },
  );

export const privacy = singleton({
  label: "Privacy notice",
  path: "content/privacy",
  format: { data: "yaml" },
  schema: {
    intro: paragraphs("Intro: who is responsible, and how to reach them"),
    updated: fields.date({ label: "Last updated", description: "Change it when you change what the notice says.", validation: { isRequired: true } }),
    updatedLine: template("Last updated line", ["date"]),
    formsHeading: text("Heading of the forms part"),
    formsIntro: paragraphs("Intro of the forms part"),
    fieldsLabel: text("Before the list of what a form sends (the list is made from the form's own labels)"),
    purposeLabel: text("Label: why"),
    recipientsLabel: text("Label: who receives it"),
    keptLabel: text("Label: how long it is kept"),
    contact: form("Get In Touch form", paragraphs("How long it is kept")),
    career: form(
      "Career form",
      template("How long it is kept", ["days"], {
        description: "{days} becomes the number of days set under Career form (Days an application and its resume are kept).",
      }),
    ),
    quote: form("Quote request form", paragraphs("How long it is kept")),
    analytics: fields.object(
      {
        heading: text("Heading"),
        used: paragraphs("When the site is built with analytics (VITE_GA_MEASUREMENT_ID): what it does and when"),
        change: paragraphs("When the site is built with analytics: how to change the choice (the buttons follow it)"),
        notUsed: paragraphs("When the site is built without analytics"),
      },
      { label: "Analytics" },
    ),
    device: fields.object({ heading: text("Heading"), text: paragraphs("Text") }, { label: "What stays on your device" }),
    rights: fields.object({ heading: text("Heading"), text: paragraphs("Text") }, { label: "A copy or deletion" }),
  },
});
