// Which page lives at which address is code (app/routes.ts), not content: the studio rewords a
// page (content/pages/<file>.yaml) but cannot move it. Key = page id, value = its path; the
// content file of a page is its id in kebab case (aboutUs → content/pages/about-us.yaml).
export const pagePaths = {
  home: "/",
  aboutUs: "/our-company/aboutus",
  mission: "/our-company/mission",
  strength: "/our-company/strength",
  compliance: "/our-company/compliance",
  goal: "/our-company/goal",
  organogram: "/our-company/organogram",
  md: "/our-company/md",
  services: "/ourservices",
  quality: "/quality",
  contact: "/contact",
  career: "/career",
  faq: "/faq",
  gallery: "/gallery",
  fashionAccessories: "/gallery/fashion-accessories",
  homeTextile: "/gallery/home-textile",
  nonTextile: "/gallery/non-textile",
  privacy: "/privacy",
  notFound: "/404",
} as const;

export type PageId = keyof typeof pagePaths;

export const pageFileSlug = (id: string) => id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
