import { fields, singleton } from "@keystatic/core";
import { media, placeholderHelp, section, sitePath, text } from "./fields";

// content/home/<section>.yaml: one file per home page section, in the order they appear.
// The lists inside them (certificates, category shares, strengths, values, team) are collections.

const homeVideo = () => fields.object({ mp4: media("MP4 file"), webm: media("WebM file"), poster: media("Poster image") }, { label: "Video" });

/** Labels of the pause/play button of a video that moves by itself (screen readers). */
const pausePlay = () =>
  fields.object({ pause: text("While it moves"), play: text("While it is paused") }, { label: "Pause/play button (screen readers)" });

const homeSingleton = <S extends Parameters<typeof singleton>[0]["schema"]>(file: string, label: string, schema: S) =>
  singleton({ label, path: `content/home/${file}`, format: { data: "yaml" }, schema });

export const homeHero = homeSingleton("hero", "Top: video and introduction", {
  video: homeVideo(),
  lead: text("Lead", { multiline: true, description: placeholderHelp }),
  certificatesLabel: text("Label of the certificate images"),
  certificates: fields.array(fields.object({ name: text("Name"), image: media("Image") }), {
    label: "Partner certificates (rotating image)",
    itemLabel: (p) => p.fields.name.value,
    validation: { length: { min: 1 } },
  }),
  playNote: text("Note after five plays", { multiline: true }),
  cta: fields.object({ label: text("Label"), to: sitePath("Link") }, { label: "Button" }),
  secondaryCta: fields.object({ label: text("Label"), to: sitePath("Link") }, { label: "Second button (beside the first, outlined)" }),
  pausePlay: pausePlay(),
});

export const homeTrustedPartner = homeSingleton("trusted-partner", "Your trusted partner", {
  heading: text("Heading"),
  paragraphs: fields.array(text("Paragraph", { multiline: true, description: placeholderHelp }), {
    label: "Paragraphs",
    itemLabel: (p) => p.value.slice(0, 60),
    validation: { length: { min: 1 } },
  }),
  facts: fields.array(fields.object({ value: text("Figure", { description: placeholderHelp }), label: text("Label") }), {
    label: "Key figures",
    itemLabel: (p) => p.fields.value.value,
    validation: { length: { min: 1 } },
  }),
});

export const homeCategoryShares = homeSingleton("category-shares", "Category chart: heading", {
  ...section(),
  chartLabel: text("Name of the chart (screen readers)"),
});
export const homeCertificates = homeSingleton("certificates", "Certificates: heading", section());
export const homeWhyChooseUs = homeSingleton("why-choose-us", "Why choose us", { ...section(), video: homeVideo(), pausePlay: pausePlay() });
export const homeStrengths = homeSingleton("strengths", "Strengths: heading", section());
export const homeValues = homeSingleton("values", "Values carousel: heading", section());
export const homeBanner = homeSingleton("banner", "Banner (picture and text)", {
  image: media("Image"),
  alt: fields.text({ label: "Image description", description: "Leave empty when the image is only decoration." }),
  heading: text("Heading", { description: placeholderHelp }),
  text: text("Text", { multiline: true }),
});
export const homeConcept = homeSingleton("concept", "Our concept", {
  heading: text("Heading"),
  intro: text("Intro", { multiline: true, min: 20 }),
  values: fields.array(
    fields.object({ title: text("Title"), description: text("Description", { multiline: true, min: 20, max: 200 }) }),
    { label: "Values (numbered 01, 02, … in this order)", itemLabel: (p) => p.fields.title.value, validation: { length: { min: 7, max: 7 } } },
  ),
});
export const homeTeam = homeSingleton("team", "Team carousel: heading", section());
export const homeGetInTouch = homeSingleton("get-in-touch", "Get in touch", {
  ...section(),
  interimBefore: text("Before the e-mail address (shown until the form loads)"),
  interimMiddle: text("Between e-mail and phone"),
  interimLinkLabel: text("Link to the contact page"),
});

export const homeSections = {
  homeHero,
  homeTrustedPartner,
  homeCategoryShares,
  homeCertificates,
  homeWhyChooseUs,
  homeStrengths,
  homeValues,
  homeBanner,
  homeConcept,
  homeTeam,
  homeGetInTouch,
};
