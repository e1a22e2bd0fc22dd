import type { Organization } from "./organization.schema";

// /our-company/organogram: who reports to whom. Each unit is a box in the chart; children report to it.
export const organization = {
  intro:
    "A flat, clear structure: every buyer deals with one merchandiser, backed by design, quality, compliance and sourcing teams that report to the same management.",
  chartTitle: "Organisation chart",
  root: {
    id: "managing-director",
    title: "Managing Director",
    children: [
      {
        id: "dgm",
        title: "Deputy General Manager (DGM)",
        children: [
          {
            id: "merchandising",
            title: "Merchandising",
            detail: "Merchandiser Team Leader and merchandisers, one per buyer",
            children: [{ id: "sampling", title: "Sampling and Technical", detail: "Pattern, fit and garment technologists" }],
          },
          { id: "design", title: "Design", detail: "Designers and product development" },
          {
            id: "sourcing",
            title: "Sourcing",
            detail: "Fabric sourcing offices in India, Pakistan and China",
            children: [{ id: "fabric", title: "Fabric Team", detail: "Fabric testing, dyeing and finishing follow-up" }],
          },
          { id: "quality", title: "Quality Assurance", detail: "QC Team Leader and inline and final inspectors" },
          { id: "compliance", title: "Compliance and CSR", detail: "Compliance auditors" },
          { id: "shipping", title: "Shipping and Logistics", detail: "Booking, documents and delivery" },
        ],
      },
      { id: "finance", title: "Finance and Administration", detail: "Accounts, HR and IT" },
    ],
  },
} satisfies Organization;
