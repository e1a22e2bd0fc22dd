import { business } from "../lib/constants";
import type { Faq } from "./faq.schema";
import { site } from "./site";

const { leadTimeDays, dispatchDays, moqPiecesPerColor, aql } = business;

// /faq: the twelve questions buyers ask most (SPEC §3), and the banner video.
export const faq = {
  intro: "Quick answers to the questions buyers ask us most. Anything else? Write to us and we will answer the same day.",
  entries: [
    {
      id: "what-kind-of-company",
      question: "What kind of company is SSL?",
      answer: `We are a 100% export-oriented exporter, trader, sourcer and manufacturer of textile and non-textile goods, in business since ${site.foundedYear}, with our head office in ${site.headOffice.city}, ${site.headOffice.country}.`,
    },
    {
      id: "who-are-your-clients",
      question: "Who are your clients?",
      answer: "Our clients are retailers, wholesalers, importers and distributors. Whether you run a chain of stores or supply other businesses, we work to your specifications and labels.",
    },
    {
      id: "what-products",
      question: "Which products can you supply?",
      answer: `Textiles (woven, jersey, flat knit 3GG to 14GG, circular knit and outerwear), footwear, handicraft, home textile, household goods, gloves, bags and backpacks, toys, garden and kitchen items, jewelry and wooden items.`,
    },
    {
      id: "lead-time",
      question: "What is your lead time?",
      answer: `${leadTimeDays.local[0]}-${leadTimeDays.local[1]} days when the order uses local material, and ${leadTimeDays.imported[0]}-${leadTimeDays.imported[1]} days when the material is imported. We confirm the exact date with your order.`,
    },
    {
      id: "dispatch",
      question: "How soon do you dispatch an order?",
      answer: `Orders are dispatched within ${dispatchDays[0]}-${dispatchDays[1]} days of order confirmation, depending on the product, the material and the quantity.`,
    },
    {
      id: "moq",
      question: "What is your minimum order quantity (MOQ)?",
      answer: `Our MOQ is ${moqPiecesPerColor} pieces per color, per style.`,
    },
    {
      id: "payment-modes",
      question: "Which payment modes do you accept?",
      answer: "We accept LC, TT, DP, CAD, DAP and CASH.",
    },
    {
      id: "quality",
      question: "How do you make sure the quality is right?",
      answer: `Our own QA team inspects every order inline and at final random inspection to AQL ${aql[0]}-${aql[1]}, and independent third-party inspection companies can check it too.`,
    },
    {
      id: "certificates",
      question: "Which certificates do your factories hold?",
      answer: `Our supply chain is certified or audited against ${site.certificates.join(", ")}. We share certificates and audit reports on request.`,
    },
    {
      id: "negotiation",
      question: "How can we negotiate prices and terms?",
      answer: "By e-mail or by a messaging app, whichever suits you. Your merchandiser answers quickly and keeps everything agreed in writing.",
    },
    {
      id: "contact",
      question: "How can we contact you?",
      answer: `By e-mail at ${site.email} or by phone at ${site.phone}. You can also use the form on our contact page.`,
    },
    {
      id: "jobs",
      question: "How can I apply for a job?",
      answer: "Apply through the career page of our website, or send your resume by e-mail. We read every application.",
    },
  ],
  bannerVideo: {
    label: "Video: woven fabric, the material behind our products",
    sources: [
      { src: "/videos/faq.webm", type: "video/webm" },
      { src: "/videos/faq.mp4", type: "video/mp4" },
    ],
    poster: "/videos/faq-poster.webp",
    width: 640,
    height: 360,
  },
} satisfies Faq;
