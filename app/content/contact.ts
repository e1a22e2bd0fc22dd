import data from "virtual:content/contact";
import type { ContentModules } from "./reader/site-content.server";

// The /contact page's map: its addresses and picture (content/contact.yaml). The page's words are each
// language's (the root's data: useMessages().contact, decision 0167); address, e-mail and phone are
// the head office's (./site.ts).
export type ContactContent = ContentModules["contact"];
export const contact = data as ContactContent;
