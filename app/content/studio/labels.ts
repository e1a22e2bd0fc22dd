import { fields, singleton } from "@keystatic/core";
import { fixedText, placeholderHelp, text } from "./fields";

// content/labels.yaml: words shown on every page (skip link, breadcrumb, footer, the Oops page).
export const labels = singleton({
  label: "Labels on every page",
  path: "content/labels",
  format: { data: "yaml" },
  schema: {
    skipToContent: text("Skip link (keyboard users)"),
    breadcrumbHome: text("First breadcrumb"),
    videoFallback: fixedText("Text for browsers without video", "Your browser does not support the video tag."),
    opensInNewTab: text("Added for screen readers to links that open a new tab"),
    footer: fields.object(
      {
        aboutHeading: text("Heading of the company block (screen readers)", { description: placeholderHelp }),
        sisterConcern: text("Before the sister concern"),
        socialMedia: text("Name of the social links list (screen readers)"),
        quickView: text("Quick View heading"),
        offices: text("Offices heading"),
        email: text("Before an e-mail address"),
        phone: text("Before a phone number"),
        website: text("Before a website"),
        rightsReserved: text("After the copyright"),
      },
      { label: "Footer" },
    ),
    oops: fields.object(
      {
        heading: fixedText("Heading", "Oops!"),
        message: text("Message", { multiline: true }),
        goHome: fixedText("Link to the home page", "Go Home"),
      },
      { label: "Oops page (unknown address)" },
    ),
  },
});
