import data from "virtual:content/carouselLabels";
import type { ContentModules } from "./reader/site-content.server";

// Words of the carousels' buttons and slide names (content/labels.yaml), in their own module so only pages showing them load them.
export type CarouselLabels = ContentModules["carouselLabels"];
export const carouselLabels = data as CarouselLabels;
