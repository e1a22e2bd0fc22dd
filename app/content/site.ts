import type { Site } from "./schema";

// The company's facts in one place. Values marked SAMPLE are placeholders on example domains:
// replace them with the real ones here and every page, the footer and the PDF follow.
export const site = {
  shortName: "SSL",
  name: "SSL Global Sourcing Ltd.", // SAMPLE legal name
  tagline: "100% Export Oriented Company",
  foundedYear: 2020,
  turnover: { currentUsdMillions: 80, projectedUsdMillions: 200, projectedYear: 2026 },
  sustainabilityVisionYear: 2030,
  headOffice: {
    city: "Dhaka",
    country: "Bangladesh",
    address: "House 10, Road 7, Sector 4, Uttara, Dhaka-1230, Bangladesh", // SAMPLE street
  },
  email: "info@example.com", // SAMPLE
  phone: "+880 1700-000000", // SAMPLE
  phoneHref: "+8801700000000", // SAMPLE
  url: "https://www.example.com", // SAMPLE
  factoryCountries: ["India", "Pakistan", "China"],
  officeCountries: ["Bangladesh", "USA", "India", "Pakistan"],
  certificates: ["ILO", "BSCI", "SEDEX", "ACCORD", "RSC", "ISO", "REX", "OEKO-TEX Standard 100", "FSC"],
  cottonTypes: ["CIMA", "BCI", "organic"],
  productFamilies: [
    "Textile (woven, jersey, flat knit 3GG to 14GG, circular knit, outerwear)",
    "Footwear",
    "Handicraft",
    "Home textile",
    "Household",
    "Gloves",
    "Bags and backpacks",
    "Toys",
    "Garden and kitchen items",
    "Jewelry",
    "Wooden items",
  ],
  workWeekDays: 5,
  social: [
    { name: "Facebook", url: "https://www.facebook.com/example" }, // SAMPLE
    { name: "LinkedIn", url: "https://www.linkedin.com/company/example" }, // SAMPLE
    { name: "Instagram", url: "https://www.instagram.com/example" }, // SAMPLE
  ],
  sisterConcern: { name: "SSL Knit Fashions Ltd.", url: "https://knit.example.com" }, // SAMPLE
} satisfies Site;
