import { z } from "zod";
import { about } from "./about";
import { aboutSchema } from "./about.schema";
import { compliance } from "./compliance";
import { complianceSchema } from "./compliance.schema";
import { faq } from "./faq";
import { faqSchema } from "./faq.schema";
import { goals } from "./goals";
import { goalsSchema } from "./goals.schema";
import { mdMessage } from "./md-message";
import { mdMessageSchema } from "./md-message.schema";
import { mission } from "./mission";
import { missionSchema } from "./mission.schema";
import { organization } from "./organization";
import { organizationSchema } from "./organization.schema";
import { quality } from "./quality";
import { qualitySchema } from "./quality.schema";
import { services } from "./services";
import { servicesSchema } from "./services.schema";
import { career } from "./career";
import { careerContentSchema } from "./career.schema";
import { contact } from "./contact";
import { contactContentSchema } from "./contact.schema";
import { categorySharesSchema } from "./category-shares.schema";
import { categoryShares } from "./category-shares";
import { certificateCardsSchema } from "./certificates.schema";
import { certificateCards } from "./certificates";
import { conceptSchema } from "./concept.schema";
import { concept } from "./concept";
import { homeSchema } from "./home.schema";
import { home } from "./home";
import { galleryShowcasesSchema } from "./gallery-showcase.schema";
import { galleryShowcases } from "./gallery-showcases";
import { navigation } from "./navigation";
import { offices } from "./offices";
import { pages } from "./pages";
import {
  navigationSchema,
  officesSchema,
  pagesSchema,
  siteSchema,
  strengthsSchema,
  teamSchema,
} from "./schema";
import { site } from "./site";
import { strengths } from "./strengths";
import { team } from "./team";
import { valueCardsSchema } from "./values.schema";
import { valueCards } from "./values";

// Each content module and the schema it must satisfy. Feature issues add their modules here.
export const contentModules: { name: string; schema: z.ZodType; data: unknown }[] = [
  { name: "site", schema: siteSchema, data: site },
  { name: "offices", schema: officesSchema, data: offices },
  { name: "navigation", schema: navigationSchema, data: navigation },
  { name: "pages", schema: pagesSchema, data: pages },
  { name: "gallery-showcases", schema: galleryShowcasesSchema, data: galleryShowcases },
  { name: "strengths", schema: strengthsSchema, data: strengths },
  { name: "team", schema: teamSchema, data: team },
  { name: "about", schema: aboutSchema, data: about },
  { name: "mission", schema: missionSchema, data: mission },
  { name: "compliance", schema: complianceSchema, data: compliance },
  { name: "goals", schema: goalsSchema, data: goals },
  { name: "organization", schema: organizationSchema, data: organization },
  { name: "md-message", schema: mdMessageSchema, data: mdMessage },
  { name: "services", schema: servicesSchema, data: services },
  { name: "quality", schema: qualitySchema, data: quality },
  { name: "faq", schema: faqSchema, data: faq },
  { name: "contact", schema: contactContentSchema, data: contact },
  { name: "career", schema: careerContentSchema, data: career },
  { name: "home", schema: homeSchema, data: home },
  { name: "certificates", schema: certificateCardsSchema, data: certificateCards },
  { name: "category-shares", schema: categorySharesSchema, data: categoryShares },
  { name: "values", schema: valueCardsSchema, data: valueCards },
  { name: "concept", schema: conceptSchema, data: concept },
];

/** Throws one error naming every bad entry (module and path) so a content edit fails the build clearly. */
export function validateContent(modules = contentModules): void {
  const problems = modules.flatMap(({ name, schema, data }) => {
    const result = schema.safeParse(data);
    return result.success
      ? []
      : result.error.issues.map((i) => `app/content/${name}: ${i.path.join(".") || "(root)"}: ${i.message}`);
  });
  if (problems.length) throw new Error(`Invalid content:\n${problems.join("\n")}`);
}
