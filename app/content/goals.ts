import type { Goals } from "./goals.schema";
import { site } from "./site";

// /our-company/goal: company objectives and the four value cards.
export const goals = {
  intro:
    "Our goals are simple to say and demanding to meet: grow with our buyers, deliver what we promise and make every order better than the last.",
  objectives: {
    heading: "Company objectives",
    items: [
      {
        title: "Grow with our buyers",
        description: `Reach a yearly turnover of USD ${site.turnover.projectedUsdMillions} million in ${site.turnover.projectedYear}, from USD ${site.turnover.currentUsdMillions} million today, by growing with the buyers we already serve.`,
      },
      { title: "On time, every time", description: "Ship every order within the agreed lead time, with early warning if anything threatens the date." },
      { title: "Right first time", description: "Pass final inspections at AQL 1.5-2.5 on the first attempt and keep claims and returns close to zero." },
      {
        title: "Wider range",
        description: "Add new product families and factories in Bangladesh, India, Pakistan and China so buyers can consolidate their sourcing with us.",
      },
      { title: "Sustainable by 2030", description: `Meet our ${site.sustainabilityVisionYear} sustainability vision: audited factories, responsible materials and a lower footprint.` },
    ],
  },
  values: {
    heading: "What drives us",
    cards: [
      { name: "Team Work", description: "Merchandising, design, quality and compliance work as one team around each order." },
      { name: "Success", description: "We measure success by our buyers' results: sell-through, repeat orders and no surprises." },
      { name: "Creative", description: "Our designers bring new ideas, materials and finishes to every season." },
      { name: "Express Goals Positively", description: "We set clear, positive goals and share them openly, so everyone knows what we are aiming for." },
    ],
  },
} satisfies Goals;
