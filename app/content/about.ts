import type { About } from "./about.schema";
import { site } from "./site";

const { turnover } = site;
const list = (items: readonly string[]) => `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

// /our-company/aboutus, and the first page of the company profile PDF (scripts/company-profile).
export const about = {
  intro: [
    `${site.name} is a 100% export-oriented trader, exporter, importer and manufacturer of textile and non-textile goods. Since ${site.foundedYear} we have sourced, developed and shipped products for retailers, wholesalers, importers and distributors around the world from our head office in ${site.headOffice.city}, ${site.headOffice.country}.`,
    `Our yearly turnover is USD ${turnover.currentUsdMillions} million, and we are on track for USD ${turnover.projectedUsdMillions} million in ${turnover.projectedYear}. Buyers stay with us because we give them one accountable partner: our own merchandising, design, quality and compliance teams follow every order from the first sketch to the shipped carton.`,
    `Our factories and fabric sourcing offices in ${list(site.factoryCountries)} work alongside our production base in Bangladesh, so we can match each product to the country and the factory that make it best, at the right price and on time.`,
  ],
  facts: [
    { label: "In business since", value: String(site.foundedYear) },
    { label: "Yearly turnover", value: `USD ${turnover.currentUsdMillions} million` },
    { label: `Projected turnover ${turnover.projectedYear}`, value: `USD ${turnover.projectedUsdMillions} million` },
    { label: "Head office", value: `${site.headOffice.city}, ${site.headOffice.country}` },
    { label: "Factories and fabric sourcing", value: list(site.factoryCountries) },
    { label: "Offices", value: list(site.officeCountries) },
    { label: "Work week", value: `${site.workWeekDays} days` },
    { label: "Sustainability vision", value: String(site.sustainabilityVisionYear) },
  ],
  sections: [
    {
      heading: "What we make",
      body: "One partner for your whole range, from apparel to home and lifestyle products:",
      items: site.productFamilies,
    },
    {
      heading: "Certified and audited",
      body: "Our partner factories hold or are audited against the standards your customers ask for:",
      items: site.certificates,
    },
    {
      heading: "Responsible cotton",
      body: `We source ${list(site.cottonTypes)} cotton and can document the origin of the fibre in your products.`,
    },
    {
      heading: `Our ${site.sustainabilityVisionYear} vision`,
      body: `By ${site.sustainabilityVisionYear} we want every product we ship to be made in audited, safe factories from responsibly sourced materials, with a lower footprint in water, energy and chemicals. Our people work a ${site.workWeekDays}-day week, because rested teams make better products.`,
    },
  ],
  profile: {
    label: "Company Profile Download",
    href: "/company-profile.pdf",
    fileName: `${site.shortName}-Company-Profile.pdf`,
    note: "PDF: our key facts, services, quality and compliance practice, ready to share.",
  },
  image: {
    src: "/images/company/about-network.svg",
    alt: `Map of our network: head office in ${site.headOffice.city}, factories and sourcing offices in ${list(site.factoryCountries)}, and an office in the USA`,
    width: 640,
    height: 400,
  },
  teamHeading: "Team Members",
} satisfies About;
