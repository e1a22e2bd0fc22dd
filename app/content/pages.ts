import type { Page } from "./schema";

// Title, banner heading, breadcrumb and search description of every fixed page.
// Gallery item pages take theirs from the gallery catalogue.
const banner = "/images/banners/default.svg";
const companyBanner = "/images/company/banner-company.svg";
const servicesBanner = "/images/company/banner-services.svg";

export const pages = {
  home: {
    path: "/",
    title: "SSL | 100% Export Oriented Sourcing and Manufacturing, Dhaka",
    heading: "Your trusted partner in sourcing and manufacturing",
    breadcrumb: "Home",
    description:
      "Export-oriented trader, exporter, importer and manufacturer of textile and non-textile goods, head office in Dhaka, Bangladesh, since 2020.",
    bannerImage: banner,
  },
  aboutUs: {
    path: "/our-company/aboutus",
    title: "About Us",
    heading: "About Us",
    breadcrumb: "About Us",
    description:
      "Who we are: a Dhaka-based, 100% export-oriented sourcing and manufacturing company serving retailers, importers and distributors since 2020.",
    bannerImage: companyBanner,
  },
  mission: {
    path: "/our-company/mission",
    title: "Mission, Vision and Values",
    heading: "Mission",
    breadcrumb: "Mission",
    description:
      "Our mission, our 2030 sustainability vision and the values that guide how we source, make and deliver for our buyers.",
    bannerImage: companyBanner,
  },
  strength: {
    path: "/our-company/strength",
    title: "Our Strengths",
    heading: "Strength",
    breadcrumb: "Strength",
    description:
      "Nine strengths buyers rely on: design, material sourcing, merchandising, quality assurance, technical and fabric teams, CSR and real order updates.",
    bannerImage: companyBanner,
  },
  compliance: {
    path: "/our-company/compliance",
    title: "Compliance",
    heading: "Compliance",
    breadcrumb: "Compliance",
    description:
      "How we keep every factory compliant: the Plan, Do, Check, Act cycle, our compliance goals and the checklists we audit against.",
    bannerImage: companyBanner,
  },
  goal: {
    path: "/our-company/goal",
    title: "Our Goals",
    heading: "Goal",
    breadcrumb: "Goal",
    description:
      "Company objectives and the values behind them: team work, success, creativity and expressing goals positively.",
    bannerImage: companyBanner,
  },
  organogram: {
    path: "/our-company/organogram",
    title: "Organogram",
    heading: "Organogram",
    breadcrumb: "Organogram",
    description:
      "How our company is organised: management, merchandising, quality, compliance, design and sourcing teams and how they work together.",
    bannerImage: companyBanner,
  },
  md: {
    path: "/our-company/md",
    title: "Message from the Managing Director",
    heading: "MD Message",
    breadcrumb: "MD Message",
    description:
      "A message from our Managing Director to buyers, partners and colleagues about our commitments and where we are heading.",
    bannerImage: companyBanner,
  },
  services: {
    path: "/ourservices",
    title: "Our Services",
    heading: "Services",
    breadcrumb: "Services",
    description:
      "Sourcing, product development, production follow-up, quality control and shipping for textile and non-textile goods; payment by TT, L/C or DAP.",
    bannerImage: servicesBanner,
  },
  quality: {
    path: "/quality",
    title: "Quality Assurance",
    heading: "Quality",
    breadcrumb: "Quality",
    description:
      "Quality precautions and tests, AQL 1.5-2.5 inline and final random inspection with third-party inspection companies, and innovation.",
    bannerImage: companyBanner,
  },
  contact: {
    path: "/contact",
    title: "Contact Us",
    heading: "Contact",
    breadcrumb: "Contact",
    description:
      "Contact our head office in Uttara, Dhaka-1230, Bangladesh by e-mail, phone or the Get In Touch form; we answer buyers promptly.",
    bannerImage: banner,
  },
  career: {
    path: "/career",
    title: "Career",
    heading: "Career",
    breadcrumb: "Career",
    description:
      "Join our team in Dhaka: send your resume and cover letter for merchandising, quality, compliance, design and sourcing roles.",
    bannerImage: banner,
  },
  faq: {
    path: "/faq",
    title: "Frequently Asked Questions",
    heading: "Frequently Asked Questions",
    breadcrumb: "faq",
    description:
      "Answers for buyers: who we serve, lead times, dispatch, minimum order quantity, payment modes, negotiation, contact and careers.",
    bannerImage: banner,
  },
  gallery: {
    path: "/gallery",
    title: "Product Gallery",
    heading: "Product Gallery",
    breadcrumb: "Product Gallery",
    description:
      "Browse our product gallery: women, men and kids apparel, fashion accessories, home textile and non-textile goods we source and make.",
    bannerImage: banner,
  },
  fashionAccessories: {
    path: "/gallery/fashion-accessories",
    title: "Fashion Accessories",
    heading: "Fashion Accessories",
    breadcrumb: "Fashion Accessories",
    description:
      "Fashion accessories we source and manufacture for export: jewelry, caps, gloves, hats, bags and luggage.",
    bannerImage: banner,
  },
  homeTextile: {
    path: "/gallery/home-textile",
    title: "Home Textile",
    heading: "Home Textile",
    breadcrumb: "Home Textile",
    description:
      "Home textile products for export: bed covers, cushion covers, oven mitts, towels, aprons, curtains and table cloths.",
    bannerImage: banner,
  },
  nonTextile: {
    path: "/gallery/non-textile",
    title: "Non Textile",
    heading: "Non Textile",
    breadcrumb: "Non Textile",
    description:
      "Non-textile goods for export: baskets, placemats, rugs, doormats, wooden and coconut shell items, stationery, crockery and toys.",
    bannerImage: banner,
  },
  notFound: {
    path: "/404",
    title: "Page not found",
    heading: "Oops!",
    breadcrumb: "Oops!",
    description:
      "The page you are looking for may have been moved, deleted or never existed. Go back to the home page to continue.",
    bannerImage: banner,
  },
} satisfies Record<string, Page>;

export type PageId = keyof typeof pages;
