import type { LinkItem, NavItem } from "./schema";

// The one menu: rendered by components/layout/site-nav for the desktop bar, the sticky bar and
// the mobile list alike.
export const navigation: NavItem[] = [
  { label: "HOME", to: "/" },
  {
    label: "OUR COMPANY",
    id: "our-company",
    children: [
      { label: "About Us", to: "/our-company/aboutus" },
      { label: "Mission", to: "/our-company/mission" },
      { label: "Strength", to: "/our-company/strength" },
      { label: "Compliance", to: "/our-company/compliance" },
      { label: "Goal", to: "/our-company/goal" },
      { label: "Organogram", to: "/our-company/organogram" },
      { label: "MD Message", to: "/our-company/md" },
    ],
  },
  { label: "SERVICES", to: "/ourservices" },
  { label: "QUALITY", to: "/quality" },
  { label: "CONTACT", to: "/contact" },
  { label: "CAREER", to: "/career" },
  { label: "FAQ", to: "/faq" },
];

export const quickViewLinks: (LinkItem | { label: string })[] = [
  { label: "Product Gallery", to: "/gallery" },
  { label: "FAQ", to: "/faq" },
  { label: "R&D" }, // shown without a link, as the company asked
];
