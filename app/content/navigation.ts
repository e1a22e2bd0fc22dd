import data from "virtual:content/navigation";
import type { ContentModules } from "./reader/site-content.server";

// The one menu (components/layout/site-nav: desktop bar, sticky bar and mobile list alike) and the
// footer's Quick View links: content/navigation.yaml.
export type LinkItem = { label: string; to: string };
export type NavItem = LinkItem | { label: string; id: string; children: LinkItem[] };

const { menu, quickView } = data as ContentModules["navigation"];
export const navigation: NavItem[] = menu;
export const quickViewLinks: (LinkItem | { label: string })[] = quickView;
