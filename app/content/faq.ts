import data from "virtual:content/faq";
import type { ContentModules } from "./reader/site-content.server";

// /faq: content/faq.yaml (intro, banner video) and one content/faq/<id>.mdoc per question.
export type Faq = ContentModules["faq"];
export type FaqEntry = Faq["entries"][number];
export type Video = Faq["bannerVideo"];
export const faq = data as Faq;
