// Studio (Keystatic) field definitions of the product gallery: one file per family under
// content/gallery/families/, one per item under content/gallery/items/{family}/{item}.yaml, photos
// under content/media/gallery/{family}/{item}/. The build reads the files through these same
// definitions (app/content/reader/gallery.server.ts), so the studio and the build never drift.
import { type ComponentSchema, collection, fields } from "@keystatic/core";
import { FieldMessage } from "@keystar/ui/field";
import { Fragment, createElement } from "react";
import { maxPhotoBytes, photoFormatsText, photoUploadProblem } from "../../lib/contracts/photo-limits";
import { business } from "../../lib/contracts/constants";

/** Family and item addresses: lower-case letters, digits, '-' and '&' (straw&plasticbasket). */
export const gallerySlugPattern = /^[a-z0-9][a-z0-9&-]*$/;
export const galleryItemSlugPattern = /^[a-z0-9][a-z0-9-]*\/[a-z0-9][a-z0-9&-]*$/;
/** A local video under public/videos (with its .webp poster beside it) or an https address. */
export const galleryVideoPattern = /^(\/videos\/[\w.-]+\.mp4|https:\/\/\S+)$/;

/** A path under the content root, typed as Keystatic wants its glob paths. */
const under = <P extends string>(root: string, path: P) => (root ? `${root}/${path}` : path) as `${string}${P}`;

/** Keystatic's image field, refusing (with a message under the field) what the build would refuse. */
function photoField(root: string) {
  const base = fields.image({
    label: "Photo",
    description: `${photoFormatsText}, at most ${maxPhotoBytes / (1024 * 1024)} MB. The site makes the small and large versions itself.`,
    directory: under(root, "media/gallery"),
    publicPath: "/media/gallery/",
    validation: { isRequired: true },
  });
  const problemOf = (value: { extension: string; data: Uint8Array } | null) =>
    value ? photoUploadProblem({ extension: value.extension, byteLength: value.data.byteLength }) : undefined;
  return {
    ...base,
    Input(props: Parameters<typeof base.Input>[0]) {
      const problem = problemOf(props.value);
      return createElement(
        Fragment,
        null,
        createElement(base.Input, props),
        problem && createElement(FieldMessage, null, `This photo ${problem}. Choose another file.`),
      );
    },
    validate(value: Parameters<typeof base.validate>[0]) {
      const problem = problemOf(value);
      if (problem) throw new Error(`Photo ${problem}`);
      return base.validate(value);
    },
  } satisfies ComponentSchema;
}

const videoField = fields.text({
  label: "Video (optional)",
  description: "An MP4 under /videos/ (its poster, the same name in .webp, beside it) or an https address.",
  validation: { pattern: { regex: new RegExp(`^$|${galleryVideoPattern.source}`), message: "Video must be /videos/name.mp4 or an https address" } },
});

const orderField = (label: string) =>
  fields.integer({ label, description: "Smaller numbers come first.", defaultValue: 100, validation: { isRequired: true, min: 0 } });

/** Both collections, with their paths under `root` (the studio: "content"; the build: its CONTENT_DIR). */
export function galleryCollections(root = "content") {
  return {
    galleryFamilies: collection({
      label: "Gallery families",
      path: under(root, "gallery/families/*"),
      slugField: "label",
      format: { data: "yaml" },
      columns: ["order"],
      schema: {
        label: fields.slug({
          name: { label: "Name", description: "As visitors read it, e.g. Home Textile.", validation: { isRequired: true } },
          slug: {
            label: "Page address",
            description: "The {family} of /gallery/{family}/{item}: lower-case letters, digits, '-' or '&'.",
            validation: { pattern: { regex: gallerySlugPattern, message: "Page address: lower-case letters, digits, '-' or '&' only" } },
          },
        }),
        order: orderField("Position in the gallery"),
        video: videoField,
      },
    }),
    galleryItems: collection({
      label: "Gallery products and photos",
      path: under(root, "gallery/items/**"),
      slugField: "label",
      format: { data: "yaml" },
      columns: ["order"],
      schema: {
        label: fields.slug({
          name: { label: "Name", description: "As visitors read it, e.g. T-Shirt (the page heading is 'Men - T-Shirt').", validation: { isRequired: true } },
          slug: {
            label: "Page address",
            description: "family/item, as in /gallery/men/tshirt: the family's page address, a slash, then the item's.",
            validation: {
              pattern: { regex: galleryItemSlugPattern, message: "Page address must be family/item, e.g. men/tshirt (lower-case letters, digits, '-' or '&')" },
            },
          },
        }),
        order: orderField("Position in its family"),
        photos: fields.array(
          fields.object({
            image: photoField(root),
            title: fields.text({ label: "Title", description: "Shown under the photo; left empty it reads 'Name of products'." }),
            colourway: fields.text({
              label: "Colourway (optional)",
              description: "The colour or pattern this photo shows, e.g. Navy melange. Listed under Colourways in the product's specifications.",
            }),
          }),
          {
            label: "Photos",
            itemLabel: (props) => props.fields.title.value || "Photo without a title",
            validation: { length: { min: 1 } },
          },
        ),
        video: videoField,
        specs: productSpecsField(),
      },
    }),
  };
}

const optionalText = (label: string, description: string, { multiline = false, max = 200 } = {}) =>
  fields.text({ label, description, multiline, validation: { length: { max } } });

/**
 * A product's specifications (decision 0077): every field optional; the product page lists only what is
 * filled, plus its minimum order and lead time, which fall back to the company's (500 pieces per colour; 30–90 days).
 * Choices are codes (app/lib/contracts/products.ts); the words a visitor reads for them are in
 * "Catalogue, product pages and line sheets: words".
 */
export function productSpecsField() {
  const [localFrom, localTo] = business.leadTimeDays.local;
  const [importedFrom, importedTo] = business.leadTimeDays.imported;
  return fields.object(
    {
      description: optionalText("Short description", "Two or three sentences a buyer reads first: what it is, who it is for. Shown above the specifications.", {
        multiline: true,
        max: 600,
      }),
      construction: fields.select({
        label: "Construction",
        description: "How it is made (the product families of the company).",
        options: [
          { label: "Not stated", value: "" },
          { label: "Woven", value: "woven" },
          { label: "Jersey", value: "jersey" },
          { label: "Flat knit (3GG to 14GG)", value: "flat-knit" },
          { label: "Circular knit", value: "circular-knit" },
          { label: "Outerwear", value: "outerwear" },
          { label: "Non-textile", value: "non-textile" },
        ],
        defaultValue: "",
      }),
      gauge: optionalText("Gauge (knits)", "For flat knits, e.g. 12GG, or 3GG–7GG."),
      material: optionalText("Material (non-textile)", "What a non-textile product is made of, e.g. Jute and cotton rope, or Mango wood."),
      compositions: fields.array(fields.text({ label: "Composition", validation: { length: { min: 1, max: 120 } } }), {
        label: "Composition options",
        description: "One per entry, e.g. 100% cotton, CVC 60/40, Recycled polyester.",
        itemLabel: (props) => props.value,
      }),
      cottonTypes: fields.multiselect({
        label: "Cotton types offered",
        options: [
          { label: "CIMA", value: "cima" },
          { label: "BCI", value: "bci" },
          { label: "Organic", value: "organic" },
        ],
        defaultValue: [],
      }),
      fabricWeight: optionalText("Fabric weight", "e.g. 180–220 GSM."),
      sizes: optionalText("Size range", "e.g. XS–3XL, or 2–14 years."),
      customisation: fields.multiselect({
        label: "Customisation offered",
        options: [
          { label: "Print", value: "print" },
          { label: "Embroidery", value: "embroidery" },
          { label: "Wash", value: "wash" },
          { label: "Private label", value: "private-label" },
          { label: "Packaging", value: "packaging" },
        ],
        defaultValue: [],
      }),
      moqPiecesPerColour: fields.integer({
        label: "Minimum order (pieces per colour)",
        description: `Leave empty for the company's ${business.moqPiecesPerColor} pieces per colour. The quote form checks it.`,
        validation: { min: 1, max: 1_000_000 },
      }),
      leadTimeDays: fields.object(
        {
          from: fields.integer({ label: "From (days)", validation: { min: 1, max: 365 } }),
          to: fields.integer({ label: "To (days)", validation: { min: 1, max: 365 } }),
        },
        {
          label: "Lead time",
          description: `Leave both empty for the company's ${localFrom}–${localTo} days (local material) and ${importedFrom}–${importedTo} days (imported material). The quote form checks the wished delivery month against "From".`,
        },
      ),
      samples: optionalText("Samples: lead time and terms", "e.g. Pre-production samples in 7–10 days; the sample cost is refunded with the first order.", {
        multiline: true,
        max: 300,
      }),
      certificates: fields.multiRelationship({
        label: "Certificates that can apply",
        description: "Choose from Compliance → Certificates: records. An expired certificate leaves the product page by itself.",
        collection: "certificateRecords",
      }),
    },
    { label: "Specifications", description: "All optional: the product page shows only what is filled in." },
  );
}

export const { galleryFamilies, galleryItems } = galleryCollections();
