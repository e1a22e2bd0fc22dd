import { z } from "zod";

const nonEmpty = z.string().trim().min(1);

// The form's messages are SPEC §8 word for word; the schema keeps an edit from changing them.
export const careerContentSchema = z.object({
  heading: nonEmpty,
  intro: nonEmpty,
  labels: z.object({
    name: z.literal("Name"),
    email: z.literal("Email"),
    phone: z.literal("Phone"),
    position: z.literal("Position"),
    coverLetter: nonEmpty,
    resume: nonEmpty,
  }),
  resumeHint: nonEmpty,
  submit: nonEmpty,
  sending: z.literal("Sending..."),
  success: z.literal("Application sent successfully!"),
  failure: z.literal("Error sending application. Please try again."),
  fileTooLarge: z.literal("File size exceeds 50KB. Please upload a smaller file."),
  noFile: z.literal("Please upload your resume."),
  honeypotLabel: nonEmpty,
});

export type CareerContent = z.infer<typeof careerContentSchema>;
