import data from "virtual:content/valueCards";
import type { ContentModules } from "./reader/site-content.server";

// The thirteen values of the home page 'Value' carousel: content/values/<id>.yaml.
export type ValueCard = ContentModules["valueCards"][number];
export const valueCards = data as ValueCard[];
