import data from "virtual:content/contact";
import type { ContentModules } from "./reader/site-content.server";

// The /contact page and the Get In Touch form (also at the bottom of the home page):
// content/contact.yaml. Address, e-mail and phone are the head office's (./site.ts).
export type ContactContent = ContentModules["contact"];
export const contact = data as ContactContent;
