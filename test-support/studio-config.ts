import { collection, config, fields, singleton } from "@keystatic/core";

/** A small Keystatic config for the server's studio tests (the real one is keystatic.config.ts). */
export const testStudioConfig = config({
  storage: { kind: "local" },
  singletons: {
    site: singleton({
      label: "Site",
      path: "content/site",
      format: { data: "yaml" },
      schema: { phone: fields.text({ label: "Phone", validation: { isRequired: true } }) },
    }),
  },
  collections: {
    photos: collection({
      label: "Photos",
      path: "content/photos/*",
      slugField: "title",
      format: { data: "yaml" },
      schema: {
        title: fields.slug({ name: { label: "Title" } }),
        photo: fields.image({ label: "Photo", directory: "content/media/gallery", publicPath: "/media/gallery/" }),
      },
    }),
    certificates: collection({
      label: "Certificates",
      path: "content/certificates/*",
      slugField: "name",
      format: { data: "yaml" },
      schema: {
        name: fields.slug({ name: { label: "Name" } }),
        file: fields.file({ label: "File", directory: "content/media/certificates", publicPath: "/media/certificates/" }),
      },
    }),
    faq: collection({
      label: "FAQ",
      path: "content/faq/*",
      slugField: "question",
      format: { data: "yaml" },
      schema: { question: fields.slug({ name: { label: "Question" } }), answer: fields.text({ label: "Answer", multiline: true }) },
    }),
  },
});
