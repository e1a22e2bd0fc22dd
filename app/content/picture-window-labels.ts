import data from "virtual:content/pictureWindowLabels";
import type { ContentModules } from "./reader/site-content.server";

// Words of the picture window's close button (content/labels.yaml), in their own module so only pages showing them load them.
export type PictureWindowLabels = ContentModules["pictureWindowLabels"];
export const pictureWindowLabels = data as PictureWindowLabels;
