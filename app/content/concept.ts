import data from "virtual:content/concept";
import type { ContentModules } from "./reader/site-content.server";

// 'Our Concept' on the home page: content/home/concept.yaml, numbered by position.
export type Concept = ContentModules["concept"];
export type ConceptValue = Concept["values"][number];
export const concept = data as Concept;
