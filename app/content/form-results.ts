import type { FormProblem } from "~/features/forms/mail/form-post";
import type { FormResultsContent } from "./form-results.schema";

// The pages a visitor sees after sending the contact or career form before (or without) JavaScript:
// /contact/sent, /career/sent, and /{form}/not-sent/{problem}. The length limits quoted are the
// fields' (fieldMaxLength in app/features/forms/mail/local-endpoint.ts; a unit test keeps them
// equal); the e-mail address comes from site.ts.
const tooMany =
  "Too many messages have been sent from your connection in a short time. Please wait a few minutes, then go back and send again.";
const spam = "A hidden field that catches spam robots was filled in, so the form was taken for spam and not sent.";

export const formResults = {
  contact: {
    sent: {
      title: "Message sent",
      description: "Your message has reached us.",
      heading: "Message sent",
      message: "Message sent successfully!",
      text: "Thank you for writing to us. We answer every message within one working day.",
      links: [
        { label: "Back to the home page", to: "/" },
        { label: "Contact page", to: "/contact" },
      ],
    },
    notSent: {
      title: "Message not sent",
      description: "Your message could not be sent.",
      heading: "Message not sent",
      keptNote:
        "Go back with your browser's Back button: the form still holds everything you typed. Correct it there and press Send Message again.",
      emailNote: "You can also write to us at",
      problems: {
        name: "Name: please enter your name, on one line, at most 120 characters.",
        email: "Email: please enter a complete e-mail address, such as name@example.com (at most 254 characters).",
        subject: "Subject: please keep it to one line of at most 200 characters.",
        message: "Message: please write your message, at most 5,000 characters.",
        "too-large": "The form was larger than the site accepts. Please shorten your message.",
        "too-many": tooMany,
        spam,
        failed: "Error sending message. Please try again.",
      },
    },
  },
  career: {
    sent: {
      title: "Application sent",
      description: "Your application has reached us.",
      heading: "Application sent",
      message: "Application sent successfully!",
      text: "Thank you for your interest in joining us. We keep every application and contact you when a matching role opens.",
      links: [
        { label: "Back to the home page", to: "/" },
        { label: "Career page", to: "/career" },
      ],
    },
    notSent: {
      title: "Application not sent",
      description: "Your application could not be sent.",
      heading: "Application not sent",
      keptNote:
        "Go back with your browser's Back button: the form still holds everything you typed. Correct it there and press Submit Application again.",
      emailNote: "You can also send your application to",
      problems: {
        name: "Name: please enter your name, on one line, at most 120 characters.",
        email: "Email: please enter a complete e-mail address, such as name@example.com (at most 254 characters).",
        phone: "Phone: please enter your phone number, on one line, at most 40 characters.",
        position: "Position: please enter the position you apply for, on one line, at most 120 characters.",
        "cover-letter": "Cover letter: please keep it to at most 5,000 characters.",
        resume: "Please upload your resume.",
        "resume-name": "Resume: the file name is too long (at most 255 characters). Please rename the file and choose it again.",
        "too-large": "File size exceeds 50KB. Please upload a smaller file.",
        "too-many": tooMany,
        spam,
        failed: "Error sending application. Please try again.",
      },
    },
  },
} satisfies FormResultsContent & {
  contact: { notSent: { problems: Record<FormProblem<"contact">, string> } };
  career: { notSent: { problems: Record<FormProblem<"career">, string> } };
};
