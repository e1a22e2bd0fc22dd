import { about, compliance, goals, mdMessage, mission, organization, quality, services } from "./company";
import { categoryShares, certificates, strengthPage, strengths, team, values } from "./collections";
import { faqEntries, faqPage } from "./faq";
import { galleryShowcases } from "./gallery-showcases";
import { career, contact, formResults } from "./forms";
import { quote } from "./quote";
import { homeSections } from "./home";
import { jobs, jobsPage } from "./jobs";
import { locales } from "./locales";
import { messages } from "./messages";
import { offices } from "./offices";
import { pages } from "./pages";
import { privacy } from "./privacy";
import { catalogue, certificateRecords } from "./products";
import { quotations } from "./quotations";
import { replyTemplates } from "./reply-templates";
import { navigation, site } from "./site";

// Every content type except the gallery collections (app/content/studio/gallery.ts, wired in keystatic.config.ts).
export const singletons = {
  site,
  locales,
  messages,
  navigation,
  ...homeSections,
  about,
  strengthPage,
  mission,
  compliance,
  goals,
  organization,
  mdMessage,
  services,
  quality,
  faqPage,
  contact,
  career,
  formResults,
  quote,
  privacy,
  replyTemplates,
  quotations,
  galleryShowcases,
  catalogue,
  jobsPage,
};

export const collections = {
  pages,
  offices,
  faqEntries,
  strengths,
  certificates,
  certificateRecords,
  team,
  values,
  categoryShares,
  jobs,
};
