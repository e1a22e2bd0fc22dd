import data from "virtual:content/navigation";
import type { ContentModules } from "./reader/site-content.server";

// The one menu (components/layout/site-nav: desktop bar, sticky bar and mobile list alike) and the
// footer's Quick View links: content/navigation.yaml.
// `lang`: a label shown untranslated on another language's page (a gallery family's name, decision 0160).
export type LinkItem = { label: string; to: string; lang?: string };
export type NavItem = LinkItem | { label: string; id: string; children: LinkItem[]; lang?: string };

const { menu, quickView } = data as ContentModules["navigation"];
export const navigation: NavItem[] = menu;
export const quickViewLinks: (LinkItem | { label: string })[] = quickView;
