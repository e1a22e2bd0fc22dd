import type { ValueCard } from "./values.schema";

// The thirteen values of the home page 'Value' carousel.
const image = (id: string) => `/images/values/${id}.svg`;

export const valueCards: ValueCard[] = [
  { id: "integrity", title: "Integrity", description: "We quote honestly, promise only what we can deliver and keep our word.", image: image("integrity") },
  { id: "transparency", title: "Transparency", description: "Open costing, real order updates and factory access whenever you ask.", image: image("transparency") },
  { id: "sustainability", title: "Sustainability", description: "Organic and recycled materials and cleaner processes on the way to our 2030 vision.", image: image("sustainability") },
  { id: "fair-labour", title: "Fair Labour", description: "Audited factories, fair wages, a five-day work week and safe workplaces.", image: image("fair-labour") },
  { id: "quality-first", title: "Quality First", description: "Inline and final inspections to AQL 1.5-2.5 before anything ships.", image: image("quality-first") },
  { id: "on-time-delivery", title: "On-Time Delivery", description: "Time-and-action plans from sampling to shipment keep your season on track.", image: image("on-time-delivery") },
  { id: "innovation", title: "Innovation", description: "New fabrics, finishes and designs developed with our mills and makers.", image: image("innovation") },
  { id: "partnership", title: "Partnership", description: "Long-term relationships with buyers and factories, built order by order.", image: image("partnership") },
  { id: "safety", title: "Safety", description: "Building, fire and electrical safety checked against ACCORD and RSC standards.", image: image("safety") },
  { id: "respect", title: "Respect", description: "Respect for every worker, partner and buyer, whatever the size of the order.", image: image("respect") },
  { id: "accountability", title: "Accountability", description: "One merchandiser owns your order and answers for it, start to finish.", image: image("accountability") },
  { id: "continuous-improvement", title: "Continuous Improvement", description: "Every shipment is reviewed so that the next one is better.", image: image("continuous-improvement") },
  { id: "customer-focus", title: "Customer Focus", description: "Your market, price point and deadline shape every decision we make.", image: image("customer-focus") },
];
