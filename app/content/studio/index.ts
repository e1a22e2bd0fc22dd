import { about, compliance, goals, mdMessage, mission, organization, quality, services } from "./company";
import { categoryShares, certificates, strengths, team, values } from "./collections";
import { faqEntries, faqPage } from "./faq";
import { career, contact } from "./forms";
import { homeSections } from "./home";
import { offices } from "./offices";
import { pages } from "./pages";
import { navigation, site } from "./site";

// Every content type except the gallery (app/content/studio/gallery.ts, wired in keystatic.config.ts).
export const singletons = {
  site,
  navigation,
  ...homeSections,
  about,
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
};

export const collections = {
  pages,
  offices,
  faqEntries,
  strengths,
  certificates,
  team,
  values,
  categoryShares,
};
