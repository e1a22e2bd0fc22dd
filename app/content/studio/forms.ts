import { fields, singleton } from "@keystatic/core";
import { formProblems, type FormProblem } from "../../lib/contracts/form-results";
import type { MailForm } from "../../lib/contracts/form-endpoint";
import { fixedText, httpsUrl, integer, media, notSentPageTexts, sitePath, text } from "./fields";

// content/contact.yaml and content/career.yaml: the two forms. Their messages are fixed word
// for word, so those fields accept only the specified text.

export const contact = singleton({
  label: "Contact page and form",
  path: "content/contact",
  format: { data: "yaml" },
  schema: {
    detailsHeading: text("Heading of the address block"),
    addressLabel: text("Address label"),
    emailLabel: text("E-mail label"),
    phoneLabel: text("Phone label"),
    map: fields.object(
      {
        title: text("Map title"),
        embedUrl: httpsUrl("Google Maps embed address"),
        linkUrl: httpsUrl("Google Maps link"),
        linkLabel: text("Link label"),
        previewImage: media("Sketch map image"),
        previewAlt: text("Sketch map description"),
        showLabel: fixedText("Show button", "Show map"),
        note: text("Note"),
      },
      { label: "Map" },
    ),
    form: fields.object(
      {
        heading: fixedText("Heading", "Get In Touch"),
        intro: text("Intro", { multiline: true }),
        // Its labels, buttons and messages are interface words: content/messages/ (decision 0160).
      },
      { label: "Get In Touch form" },
    ),
  },
});

export const career = singleton({
  label: "Career form",
  path: "content/career",
  format: { data: "yaml" },
  schema: {
    heading: text("Heading"),
    intro: text("Intro", { multiline: true }),
    // The form's labels, hint, buttons and messages are interface words: content/messages/ (decision 0160).
    retentionDays: integer("Days an application and its resume are kept", {
      min: 1,
      max: 3650,
      description: "After this many days the server deletes an application and its resume by itself (a daily job). APPLICATION_RETENTION_DAYS on the server overrides it.",
    }),
    retentionNotice: text("Under the form: how long the application is kept and why (one sentence; {days} becomes the number of days)"),
  },
});

// content/form-results.yaml: the pages a visitor sees after sending a form before (or without)
// JavaScript — /{form}/sent and /{form}/not-sent/{problem}, one text per problem the server names.
const resultLinks = () =>
  fields.array(fields.object({ label: text("Link text"), to: sitePath("Link address") }), {
    label: "Links",
    itemLabel: (p) => p.fields.label.value,
    validation: { length: { min: 1 } },
  });

const problemTexts = <F extends MailForm>(form: F, fixed: Partial<Record<FormProblem<F>, string>> | null) =>
  fields.object(
    Object.fromEntries(
      formProblems[form].map((code) => {
        const spec = fixed?.[code as FormProblem<F>];
        return [code, spec ? fixedText(`Problem "${code}"`, spec) : text(`Problem "${code}"`, { multiline: true })];
      }),
    ) as Record<FormProblem<F>, ReturnType<typeof text>>,
    { label: "Problem texts (one per problem the server can name)" },
  );

// `sentMessage` and `fixedProblems` null: a translation's fields (decision 0166), every word its own.
const formResult = <F extends MailForm>(form: F, sentMessage: string | null, fixedProblems: Partial<Record<FormProblem<F>, string>> | null) =>
  fields.object(
    {
      sent: fields.object(
        {
          title: text("Page title"),
          description: text("Page description"),
          heading: text("Heading"),
          message: sentMessage === null ? text("Message") : fixedText("Message", sentMessage),
          text: text("Text", { multiline: true }),
          links: resultLinks(),
        },
        { label: "Sent page" },
      ),
      notSent: fields.object(
        { ...notSentPageTexts(), problems: problemTexts(form, fixedProblems) },
        { label: "Not-sent page" },
      ),
    },
    { label: form === "contact" ? "Contact form" : "Career form" },
  );

export const formResults = singleton({
  label: "Form sent / not sent pages",
  path: "content/form-results",
  format: { data: "yaml" },
  schema: {
    contact: formResult("contact", "Message sent successfully!", { failed: "Error sending message. Please try again." }),
    career: formResult("career", "Application sent successfully!", {
      resume: "Please upload your resume.",
      "too-large": "File size exceeds 50KB. Please upload a smaller file.",
      failed: "Error sending application. Please try again.",
    }),
  },
});

/**
 * The result pages' words in another language (content/form-results/<code>.yaml, decision 0166):
 * the English file's fields, the specification's English messages translated like every other word.
 */
export const formResultsWordsSchema = {
  contact: formResult("contact", null, null),
  career: formResult("career", null, null),
};
