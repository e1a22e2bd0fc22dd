import type { HomeContent } from "./home.schema";
import { site } from "./site";

// Every text and media path of the home page that is not a list of its own
// (certificates, category-shares, values, concept, strengths and team have their modules).
const partner = (id: string, name: string) => ({ name, image: `/images/certificates/partner-${id}.svg` });

export const home: HomeContent = {
  hero: {
    video: { mp4: "/videos/hero.mp4", webm: "/videos/hero.webm", poster: "/images/home/hero-poster.webp" },
    lead: `Trader, exporter, importer and manufacturer of textile and non-textile goods, from Dhaka to the world since ${site.foundedYear}.`,
    certificatesLabel: "Our partners are certified",
    certificates: [
      partner("ilo", "ILO"),
      partner("bsci", "BSCI"),
      partner("sedex", "SEDEX"),
      partner("accord", "ACCORD"),
      partner("rsc", "RSC"),
      partner("iso", "ISO"),
      partner("rex", "REX"),
      partner("oeko-tex", "OEKO-TEX Standard 100"),
      partner("fsc", "FSC"),
      partner("gots", "Global Organic Textile Standard"),
      partner("wrap", "WRAP"),
    ],
    playNote: "You have watched our story five times. Thank you! Ready to talk about your next order?",
    cta: { label: "Get in touch", to: "/contact" },
  },
  videoFallback: "Your browser does not support the video tag.",
  trustedPartner: {
    heading: "Your trusted partner",
    paragraphs: [
      `${site.name} is a 100% export-oriented company with its head office in ${site.headOffice.city}. We source, develop and manufacture textile and non-textile products for retailers, wholesalers, importers and distributors.`,
      "With factories and fabric sourcing offices in India, Pakistan and China and offices in the USA, we bring the right product, the right price and the right partner factory together, and we stay accountable until your goods arrive.",
    ],
    facts: [
      { value: `Since ${site.foundedYear}`, label: "in export business" },
      { value: `USD ${site.turnover.currentUsdMillions} million`, label: "yearly turnover" },
      { value: `USD ${site.turnover.projectedUsdMillions} million`, label: `projected for ${site.turnover.projectedYear}` },
      { value: `${site.factoryCountries.length} countries`, label: "of factories and sourcing offices" },
    ],
  },
  categoryShares: {
    heading: "What we make",
    intro: "Share of our business by product category, in percent.",
  },
  certificates: {
    heading: "Certificates",
    intro: "Certifications held by our partner factories and mills.",
  },
  whyChooseUs: {
    heading: "Why choose us",
    intro: "One partner for sourcing, development, production, quality control and shipment, with clear answers at every step.",
    video: { mp4: "/videos/why-choose-us.mp4", webm: "/videos/why-choose-us.webm", poster: "/images/home/why-choose-us-poster.webp" },
  },
  strengths: {
    heading: "Our strengths",
    intro: "Nine reasons buyers keep working with us.",
  },
  values: {
    heading: "Value",
    intro: "What we stand for, in every order.",
  },
  banner: {
    image: "/images/home/banner.webp",
    alt: "",
    heading: `Towards ${site.sustainabilityVisionYear}`,
    text: "Organic and recycled materials, cleaner factories and fair work: our sustainability vision guides every season.",
  },
  team: {
    heading: "Meet our team",
    intro: "The people who will look after your orders.",
  },
  getInTouch: {
    heading: "Get In Touch",
    intro: "Tell us about your product, quantities and timeline. We answer every enquiry within one working day.",
    interimBefore: "Write to us at",
    interimMiddle: "or call",
    interimLinkLabel: "See all our offices and send a message",
  },
};
