import { certificateCardCount } from "../lib/constants";
import type { CertificateCard } from "./certificates.schema";

// The home page certificate carousel (SPEC §3): four named certificates, the rest 'Card N'
// until the company supplies more. Replace a 'Card N' entry's label and image to publish one.
const named: CertificateCard[] = [
  { id: "gots", label: "Global Organic Textile Standard", image: "/images/certificates/gots.svg" },
  { id: "wrap", label: "WRAP", image: "/images/certificates/wrap.svg" },
  { id: "responsible-forestry", label: "Responsible Forestry Certified", image: "/images/certificates/responsible-forestry.svg" },
  { id: "grs", label: "Global Recycled Standard", image: "/images/certificates/grs.svg" },
];

export const certificateCards: CertificateCard[] = [
  ...named,
  ...Array.from({ length: certificateCardCount - named.length }, (_, i) => {
    const n = named.length + i + 1;
    return { id: `card-${n}`, label: `Card ${n}`, image: "/images/certificates/card.svg" };
  }),
];
