import { z } from "zod";
import { formProblems } from "../features/forms/mail/form-post";
import { linkSchema } from "./schema";

const nonEmpty = z.string().trim().min(1);

/** One text per problem code the server can name, no more, no less. */
const problemsSchema = <const Codes extends readonly string[]>(codes: Codes) =>
  z.strictObject(Object.fromEntries(codes.map((code) => [code, nonEmpty])) as Record<Codes[number], typeof nonEmpty>);

const page = { title: nonEmpty, description: nonEmpty, heading: nonEmpty };

// The pages the server sends a visitor to after a form posted without JavaScript. SPEC §8 messages
// stay word for word where they apply.
export const formResultsSchema = z.object({
  contact: z.object({
    sent: z.object({ ...page, message: z.literal("Message sent successfully!"), text: nonEmpty, links: z.array(linkSchema).min(1) }),
    notSent: z.object({
      ...page,
      keptNote: nonEmpty,
      emailNote: nonEmpty,
      problems: problemsSchema(formProblems.contact).extend({ failed: z.literal("Error sending message. Please try again.") }),
    }),
  }),
  career: z.object({
    sent: z.object({ ...page, message: z.literal("Application sent successfully!"), text: nonEmpty, links: z.array(linkSchema).min(1) }),
    notSent: z.object({
      ...page,
      keptNote: nonEmpty,
      emailNote: nonEmpty,
      problems: problemsSchema(formProblems.career).extend({
        resume: z.literal("Please upload your resume."),
        "too-large": z.literal("File size exceeds 50KB. Please upload a smaller file."),
        failed: z.literal("Error sending application. Please try again."),
      }),
    }),
  }),
});

export type FormResultsContent = z.infer<typeof formResultsSchema>;
