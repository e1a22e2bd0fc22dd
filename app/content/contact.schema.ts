import { z } from "zod";
import { mediaSchema } from "./schema";

const nonEmpty = z.string().trim().min(1);

// The form's messages are SPEC §8 word for word; the schema keeps an edit from changing them.
export const contactContentSchema = z.object({
  detailsHeading: nonEmpty,
  addressLabel: nonEmpty,
  emailLabel: nonEmpty,
  phoneLabel: nonEmpty,
  map: z.object({
    title: nonEmpty,
    embedUrl: z.url({ protocol: /^https$/ }),
    linkUrl: z.url({ protocol: /^https$/ }),
    linkLabel: nonEmpty,
    previewImage: mediaSchema,
    previewAlt: nonEmpty,
    showLabel: z.literal("Show map"),
    note: nonEmpty,
  }),
  form: z.object({
    heading: z.literal("Get In Touch"),
    intro: nonEmpty,
    labels: z.object({
      name: z.literal("Name"),
      email: z.literal("Email"),
      subject: z.literal("Subject"),
      message: z.literal("Message"),
    }),
    submit: nonEmpty,
    sending: z.literal("Sending..."),
    success: z.literal("Message sent successfully!"),
    failure: z.literal("Error sending message. Please try again."),
    honeypotLabel: nonEmpty,
  }),
});

export type ContactContent = z.infer<typeof contactContentSchema>;
