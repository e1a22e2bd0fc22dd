import type { Strength } from "./schema";

// The nine strengths (SPEC §3), shown on the home page and on /our-company/strength.
export const strengths = [
  {
    id: "long-history",
    name: "Long History",
    description:
      "Our founders bring decades of export experience; since 2020 we have grown into a USD 80 million business trusted by repeat buyers.",
    image: "/images/strengths/long-history.svg",
  },
  {
    id: "strong-csr-team",
    name: "Strong CSR Team",
    description:
      "A dedicated corporate social responsibility team audits every partner factory for worker safety, fair pay and environmental care.",
    image: "/images/strengths/strong-csr-team.svg",
  },
  {
    id: "own-design",
    name: "Own Design",
    description:
      "Our in-house designers turn trend research into ready-to-sample collections, or develop your own ideas into production-ready packs.",
    image: "/images/strengths/own-design.svg",
  },
  {
    id: "material-sourcing",
    name: "Material Sourcing",
    description:
      "Fabric sourcing offices in India, Pakistan and China find the right yarn, fabric and trims, including CIMA, BCI and organic cotton.",
    image: "/images/strengths/material-sourcing.svg",
  },
  {
    id: "real-order-update",
    name: "Real Order Update",
    description:
      "You always know where your order stands: we share time-and-action updates from sampling through shipment, with photos.",
    image: "/images/strengths/real-order-update.svg",
  },
  {
    id: "highly-skilled-merchandising-team",
    name: "Highly Skilled Merchandising Team",
    description:
      "Experienced merchandisers manage costing, sampling, approvals and deadlines, and speak for you inside every factory.",
    image: "/images/strengths/highly-skilled-merchandising-team.svg",
  },
  {
    id: "special-qa-team",
    name: "Special QA Team",
    description:
      "Our own quality assurance team runs inline and final random inspections to AQL 1.5-2.5 before any goods leave the factory.",
    image: "/images/strengths/special-qa-team.svg",
  },
  {
    id: "skilled-technical-team",
    name: "Skilled Technical Team",
    description:
      "Garment technologists check patterns, fit, measurements and construction so that bulk production matches the approved sample.",
    image: "/images/strengths/skilled-technical-team.svg",
  },
  {
    id: "skilled-fabric-team",
    name: "Skilled Fabric Team",
    description:
      "Fabric specialists test shrinkage, colour fastness and hand feel, and follow dyeing and finishing at the mill.",
    image: "/images/strengths/skilled-fabric-team.svg",
  },
] satisfies Strength[];
