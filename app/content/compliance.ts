import type { Compliance } from "./compliance.schema";

// /our-company/compliance: the PDCA cycle, goals and the checklists we audit against.
export const compliance = {
  intro:
    "Compliance is part of how we work, not a certificate on the wall. Our CSR and compliance team visits every partner factory, audits it against our checklists and international standards, and follows each finding until it is closed.",
  cycle: {
    heading: "Our method: Plan, Do, Check, Act",
    caption: "The compliance cycle we run in every partner factory, and then repeat.",
    steps: [
      { name: "Plan", summary: "Assess the factory, agree the standards that apply and set targets and deadlines with its management." },
      { name: "Do", summary: "Put the plan to work: training, policies, safety equipment and worker communication." },
      { name: "Check", summary: "Audit on site, announced and unannounced, against our checklists and buyer codes of conduct." },
      { name: "Act", summary: "Close every finding with a corrective action plan, verify it, and raise the standard for the next round." },
    ],
  },
  goals: {
    heading: "Compliance goals",
    items: [
      "Zero tolerance of child labour, forced labour and harassment.",
      "Safe buildings, fire safety and electrical safety in every factory, in line with ACCORD and RSC requirements.",
      "Legal wages, paid on time, and working hours within the law, with a five-day work week in our own office.",
      "Freedom of association and a working grievance channel for every worker.",
      "Responsible use of chemicals, water and energy, and proper waste handling.",
      "Full transparency to buyers: audit reports and corrective action plans shared on request.",
    ],
  },
  checklists: {
    heading: "Our checklists",
    intro: "Each audit walks through these lists; every item is checked on the factory floor and in the records.",
    lists: [
      {
        title: "Workers and wages",
        items: ["Age verification records", "Employment contracts and ID cards", "Wage slips and overtime records", "Leave and maternity benefits", "Grievance box and worker committee"],
      },
      {
        title: "Health and safety",
        items: ["Building and structural certificates", "Fire exits, drills and extinguishers", "Electrical safety inspection", "First aid and medical room", "Personal protective equipment"],
      },
      {
        title: "Environment",
        items: ["Chemical inventory and safety data sheets", "Effluent treatment plant records", "Waste segregation and disposal", "Energy and water use"],
      },
      {
        title: "Management systems",
        items: ["Valid certificates and licences", "Code of conduct displayed and explained", "Sub-contracting control", "Corrective action follow-up"],
      },
    ],
  },
  certificatesHeading: "Certificates and standards in our supply chain",
} satisfies Compliance;
