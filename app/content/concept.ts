import type { Concept } from "./concept.schema";

// 'Our Concept' on the home page (SPEC §2): seven numbered values around the SSL emblem.
export const concept: Concept = {
  heading: "Our Concept",
  intro: "Seven commitments shape every order we take, from the first sample to the last carton.",
  values: [
    { number: "01", title: "ETHICS", description: "Fair wages, safe factories and honest dealing with every buyer and every worker." },
    { number: "02", title: "QUALITY", description: "Our own QA team inspects inline and before shipment, to AQL 1.5-2.5." },
    { number: "03", title: "PRICE", description: "Direct sourcing in four countries gives you competitive prices without hidden margins." },
    { number: "04", title: "SPEED", description: "Planned lead times of 30-90 days for local material and dispatch within 30-120 days." },
    { number: "05", title: "DESIGN", description: "In-house designers develop collections for your market, or perfect your own designs." },
    { number: "06", title: "COMMUNICATION", description: "One merchandiser, same-day answers and real order updates with photos." },
    { number: "07", title: "CAPACITY", description: "Factories and sourcing offices in India, Pakistan and China take orders from 500 pieces per colour." },
  ],
};
