import type { CareerContent } from "./career.schema";

// The /career page's application form.
export const career = {
  heading: "Apply to join our team",
  intro:
    "Send us your resume and tell us which position you are interested in. We keep every application and contact you when a matching role opens.",
  labels: {
    name: "Name",
    email: "Email",
    phone: "Phone",
    position: "Position",
    coverLetter: "Cover letter (optional)",
    resume: "Resume",
  },
  resumeHint: "One file of any type, at most 50KB (51,200 bytes).",
  submit: "Submit Application",
  sending: "Sending...",
  success: "Application sent successfully!",
  failure: "Error sending application. Please try again.",
  fileTooLarge: "File size exceeds 50KB. Please upload a smaller file.",
  noFile: "Please upload your resume.",
  honeypotLabel: "Leave this field empty",
} satisfies CareerContent;
