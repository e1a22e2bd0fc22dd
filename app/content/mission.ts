import type { Mission } from "./mission.schema";
import { site } from "./site";

// /our-company/mission: mission, vision and values.
export const mission = {
  mission: {
    heading: "Our mission",
    statement:
      "To be the sourcing and manufacturing partner international buyers can rely on without a second thought: the right product, at the right quality and price, delivered on the agreed date.",
    points: [
      "Listen first: understand the buyer's market, price point and customer before we quote.",
      "Make it right the first time, with our own merchandising, technical and quality teams in every factory.",
      "Deliver on time, and tell the buyer early and honestly when anything changes.",
      "Treat the people who make our products with fairness and respect.",
    ],
  },
  vision: {
    heading: `Our vision for ${site.sustainabilityVisionYear}`,
    statement: `By ${site.sustainabilityVisionYear}, we want to be a leading sustainable sourcing company in South Asia, growing from USD ${site.turnover.currentUsdMillions} million today towards USD ${site.turnover.projectedUsdMillions} million in ${site.turnover.projectedYear} and beyond, without ever trading safety or responsibility for growth.`,
    targets: [
      "Every partner factory audited and certified against recognised social and safety standards.",
      `A growing share of ${site.cottonTypes.join(", ")} cotton and recycled materials in our ranges.`,
      "Less water, energy and chemicals per product, measured and reported to our buyers.",
      "Traceable supply chains from fibre to finished product.",
    ],
  },
  values: {
    heading: "Our values",
    items: [
      { name: "Ethics", description: "We do business honestly, respect workers' rights and keep our word." },
      { name: "Quality", description: "We inspect at every stage, so buyers receive exactly what they approved." },
      { name: "Speed", description: "Fast answers, fast samples and reliable lead times from order to shipment." },
      { name: "Partnership", description: "We build long relationships with buyers and factories, not one-off orders." },
      { name: "Responsibility", description: "We care for people and the environment in every factory we work with." },
    ],
  },
} satisfies Mission;
