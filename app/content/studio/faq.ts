import { collection, fields, singleton } from "@keystatic/core";
import { media, order, placeholderHelp, richText, text } from "./fields";

// content/faq/<id>.mdoc: one question per file, the answer as Markdoc under the question.
export const faqEntries = collection({
  label: "FAQ: questions and answers",
  path: "content/faq/*",
  slugField: "question",
  format: { contentField: "answer" },
  columns: ["question", "order"],
  schema: {
    question: fields.slug({
      name: {
        label: "Question",
        validation: { length: { min: 5 }, pattern: { regex: /\?$/, message: "Question must end with a question mark" } },
      },
      slug: { label: "Id (file name)", description: "Stays the same when the question changes; links to the answer use it." },
    }),
    order: order(),
    answer: richText("Answer", placeholderHelp),
  },
});

export const video = () =>
  fields.object(
    {
      label: text("Accessible name", { description: "Read by screen readers, e.g. Video: woven fabric." }),
      webm: media("WebM file"),
      mp4: media("MP4 file"),
      poster: media("Poster image"),
      width: fields.integer({ label: "Width (px)", validation: { isRequired: true, min: 1 } }),
      height: fields.integer({ label: "Height (px)", validation: { isRequired: true, min: 1 } }),
    },
    { label: "Video" },
  );

// content/faq.yaml: the rest of the FAQ page.
export const faqPage = singleton({
  label: "FAQ: heading, intro, video",
  path: "content/faq",
  format: { data: "yaml" },
  schema: {
    heading: text("Heading above the questions"),
    intro: text("Intro", { multiline: true, min: 20 }),
    bannerVideo: video(),
  },
});
