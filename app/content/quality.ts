import type { Quality } from "./quality.schema";

// /quality: precautions, tests, inspection and innovation.
export const quality = {
  intro:
    "Quality is built in at every stage, not inspected in at the end. Our own QA team works inside the factories from the first fabric roll to the last carton, and independent inspectors confirm the result.",
  precautions: {
    heading: "Quality precautions",
    items: [
      "Pre-production meeting with the factory for every style: approved sample, measurements, trims and packing.",
      "Fabric and trims inspected and tested before cutting.",
      "Pilot run checked and approved before bulk production starts.",
      "Metal detection and needle control for apparel and children's products.",
      "Packing, labelling and carton checks against the buyer's manual.",
    ],
  },
  tests: {
    heading: "Tests we run",
    items: [
      { name: "Fabric inspection", description: "Four-point system for fabric defects, shade and width." },
      { name: "Shrinkage and dimensional stability", description: "Washing tests before cutting, so the size survives the first wash." },
      { name: "Colour fastness", description: "To washing, rubbing, light and perspiration." },
      { name: "Physical tests", description: "Seam strength, tear and tensile strength, pilling and button pull." },
      { name: "Chemical safety", description: "Restricted substances checked against OEKO-TEX Standard 100 and the buyer's list." },
    ],
  },
  inspection: {
    heading: "Inspection to AQL",
    body: "Every order is inspected to AQL 1.5-2.5, inline during production and again at final random inspection before shipment. Only goods that pass leave the factory.",
    stages: [
      { name: "Inline inspection", description: "During sewing and assembly, so problems are fixed while the order is still on the line." },
      { name: "Final random inspection", description: "On packed goods, sampled at random to AQL 1.5-2.5 before shipment." },
    ],
    companiesHeading: "Third-party inspection companies we work with",
    companies: ["SGS", "Intertek", "Bureau Veritas"], // SAMPLE: replace with the inspection companies you work with
  },
  innovation: {
    heading: "Innovation",
    body: "We keep improving the products we make and the way we make them, and share what we learn with our buyers.",
    items: [
      "New materials: organic, BCI and recycled fibres, and recycled plastic and paper for non-textile goods.",
      "Digital order tracking with photo updates from the factory floor.",
      "Lower-impact washing, dyeing and printing processes.",
      "Trend research and seasonal collections from our in-house design team.",
    ],
  },
} satisfies Quality;
