import { fields, singleton } from "@keystatic/core";
import { fixedText, httpsUrl, media, text } from "./fields";

// content/contact.yaml and content/career.yaml: the two forms. Their messages are SPEC §8 word
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
        nameLabel: fixedText("Name label", "Name"),
        emailLabel: fixedText("Email label", "Email"),
        subjectLabel: fixedText("Subject label", "Subject"),
        messageLabel: fixedText("Message label", "Message"),
        submit: text("Send button"),
        sending: fixedText("While sending", "Sending..."),
        success: fixedText("Sent", "Message sent successfully!"),
        failure: fixedText("Not sent", "Error sending message. Please try again."),
        honeypotLabel: text("Label of the hidden anti-spam field"),
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
    nameLabel: fixedText("Name label", "Name"),
    emailLabel: fixedText("Email label", "Email"),
    phoneLabel: fixedText("Phone label", "Phone"),
    positionLabel: fixedText("Position label", "Position"),
    coverLetterLabel: text("Cover letter label"),
    resumeLabel: text("Resume label"),
    resumeHint: text("Resume hint"),
    submit: text("Send button"),
    sending: fixedText("While sending", "Sending..."),
    success: fixedText("Sent", "Application sent successfully!"),
    failure: fixedText("Not sent", "Error sending application. Please try again."),
    fileTooLarge: fixedText("File too large", "File size exceeds 50KB. Please upload a smaller file."),
    noFile: fixedText("No file", "Please upload your resume."),
    honeypotLabel: text("Label of the hidden anti-spam field"),
  },
});
