import data from "virtual:content/mdMessage";
import type { ContentModules } from "./reader/site-content.server";

// /our-company/md: content/company/md-message.mdoc. Name and portrait come from the team member
// whose role is Managing Director.
export type MdMessage = ContentModules["mdMessage"];
export const mdMessage = data as MdMessage;
