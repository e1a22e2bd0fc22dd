import data from "virtual:content/homeHeroPoster";
import type { ContentModules } from "./reader/site-content.server";

// The home page's sections are its route's loader data in the page's language (decision 0169:
// app/content/home-sections.ts); only the hero's poster, which the page preloads (its route's
// `links`, which sees no loader data), is a module of its own.
export const homeHeroPoster = data as ContentModules["homeHeroPoster"];
