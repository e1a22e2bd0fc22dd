import data from "virtual:content/consentLabels";
import type { ContentModules } from "./reader/site-content.server";

// The analytics consent banner's words (content/labels.yaml, group "consent"): loaded with analytics only.
export type ConsentLabels = ContentModules["consentLabels"];
export const consentLabels = data as ConsentLabels;
