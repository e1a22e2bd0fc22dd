import type { Services } from "./services.schema";
import { site } from "./site";

// /ourservices: what we do for buyers, what we make, how buyers pay, and a short video.
export const services = {
  intro: `From the first idea to the shipped carton, we handle the whole supply chain for our buyers, with our own teams in ${site.headOffice.city} and in our sourcing offices in ${site.factoryCountries.join(", ")}.`,
  offered: {
    heading: "Services we offer",
    items: [
      { title: "Product sourcing", description: "We find and qualify the right factory for each product, across Bangladesh, India, Pakistan and China." },
      { title: "Design and development", description: "Our designers develop collections or turn your tech packs into production-ready samples." },
      { title: "Material sourcing", description: `Fabrics, yarns and trims, including ${site.cottonTypes.join(", ")} cotton, tested before bulk production.` },
      { title: "Costing and merchandising", description: "Transparent costing and one merchandiser who manages your order from sampling to shipment." },
      { title: "Production follow-up", description: "Time-and-action plans and regular order updates with photos, so you always know where your order stands." },
      { title: "Quality control", description: "Inline and final random inspections to AQL 1.5-2.5, with third-party inspection when you ask for it." },
      { title: "Compliance audits", description: "Social, safety and environmental audits of every factory before and during production." },
      { title: "Shipping and documentation", description: "Booking, export documents and delivery by sea or air to your port or warehouse." },
    ],
  },
  products: {
    heading: "Products we supply",
    intro: "Our buyers consolidate these product families with one partner:",
    items: site.productFamilies,
  },
  payment: {
    heading: "Payment modes",
    intro: "We accept the payment terms international buyers use:",
    modes: [
      { code: "TT", name: "Telegraphic Transfer" },
      { code: "L/C", name: "Letter of Credit" },
      { code: "DAP", name: "Delivered at Place" },
    ],
  },
  video: {
    heading: "See how we work",
    caption: "From fabric to finished goods: a short look at our production follow-up.",
    label: "Video: our services, from fabric to finished goods",
    sources: [
      { src: "/videos/services.webm", type: "video/webm" },
      { src: "/videos/services.mp4", type: "video/mp4" },
    ],
    poster: "/videos/services-poster.webp",
    width: 640,
    height: 360,
  },
} satisfies Services;
