import { z } from "zod";

// Schemas for everything under app/content. Only types leave this file for the browser bundle:
// validation runs at build time (react-router.config.ts) and in unit tests, never on the client.

const path = z.string().regex(/^\/[a-z0-9\-/&%]*$/i, "must be a site path starting with /");
const nonEmpty = z.string().trim().min(1);
/** A file under public/ ("/images/x.webp") or an absolute https URL (a CDN). */
export const mediaSchema = z.string().regex(/^(\/[\w\-./&%]+|https:\/\/\S+)$/, "must be /path/to/file or an https URL");

export const linkSchema = z.object({ label: nonEmpty, to: path });

export const navItemSchema = z.union([
  linkSchema,
  z.object({ label: nonEmpty, id: z.string().regex(/^[a-z-]+$/), children: z.array(linkSchema).min(1) }),
]);
export const navigationSchema = z.array(navItemSchema).min(1);

export const socialLinkSchema = z.object({
  name: z.enum(["Facebook", "LinkedIn", "Instagram"]),
  url: z.url({ protocol: /^https$/ }),
});

export const siteSchema = z.object({
  shortName: nonEmpty,
  name: nonEmpty,
  tagline: z.literal("100% Export Oriented Company"),
  foundedYear: z.number().int().min(1900),
  turnover: z.object({
    currentUsdMillions: z.number().positive(),
    projectedUsdMillions: z.number().positive(),
    projectedYear: z.number().int(),
  }),
  sustainabilityVisionYear: z.number().int(),
  headOffice: z.object({ city: nonEmpty, country: nonEmpty, address: nonEmpty }),
  email: z.email(),
  phone: nonEmpty,
  phoneHref: z.string().regex(/^\+\d{6,15}$/, "international digits only, e.g. +8801700000000"),
  url: z.url(),
  factoryCountries: z.array(nonEmpty).min(1),
  officeCountries: z.array(nonEmpty).min(1),
  certificates: z.array(nonEmpty).min(1),
  cottonTypes: z.array(nonEmpty).min(1),
  productFamilies: z.array(nonEmpty).min(1),
  workWeekDays: z.number().int().min(1).max(7),
  social: z.array(socialLinkSchema).length(3),
  sisterConcern: z.object({ name: nonEmpty, url: z.url().optional() }),
});

export const officeSchema = z.object({
  country: nonEmpty,
  label: nonEmpty,
  isHeadOffice: z.boolean(),
  address: nonEmpty,
  email: z.email(),
  phone: nonEmpty,
  phoneHref: z.string().regex(/^\+\d{6,15}$/),
  website: z.url(),
});
export const officesSchema = z.array(officeSchema).min(1);

export const pageSchema = z.object({
  path,
  title: nonEmpty,
  heading: nonEmpty,
  breadcrumb: nonEmpty,
  description: z.string().min(50).max(170),
  bannerImage: mediaSchema,
});
export const pagesSchema = z.record(z.string(), pageSchema);

export type LinkItem = z.infer<typeof linkSchema>;
export type NavItem = z.infer<typeof navItemSchema>;
export type Site = z.infer<typeof siteSchema>;
export type Office = z.infer<typeof officeSchema>;
export type Page = z.infer<typeof pageSchema>;

export const strengthSchema = z.object({
  id: z.string().regex(/^[a-z-]+$/),
  name: nonEmpty,
  description: z.string().min(20),
  image: mediaSchema,
});
export const strengthsSchema = z.array(strengthSchema).length(9);

export const teamMemberSchema = z.object({
  name: nonEmpty,
  role: z.enum([
    "Managing Director",
    "DGM",
    "Merchandiser Team Leader",
    "QC Team Leader",
    "Designer",
    "Compliance Auditor",
  ]),
  rating: z.union([z.literal(4), z.literal(5)]),
  text: z.string(),
  image: mediaSchema,
});
export const teamSchema = z.array(teamMemberSchema).length(6);

export type Strength = z.infer<typeof strengthSchema>;
export type TeamMember = z.infer<typeof teamMemberSchema>;
