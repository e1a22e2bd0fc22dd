import type { CategoryShare } from "./category-shares.schema";

// Share of business per product category (SPEC §3), drawn as the home page bar chart.
export const categoryShares: CategoryShare[] = [
  { label: "Textile", percentage: 30, color: "#0b3a7e" },
  { label: "Handicraft", percentage: 15, color: "#8a5a00" },
  { label: "Footwear", percentage: 18, color: "#2563b8" },
  { label: "Household", percentage: 12, color: "#1f6f43" },
  { label: "Home textile", percentage: 15, color: "#b4236a" },
  { label: "Home furniture", percentage: 4, color: "#5b3fa8" },
  { label: "Gloves", percentage: 6, color: "#3f4754" },
];
