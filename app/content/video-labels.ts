import data from "virtual:content/videoLabels";
import type { ContentModules } from "./reader/site-content.server";

// Words of the play button of a video (content/labels.yaml), in their own module so only pages showing them load them.
export type VideoLabels = ContentModules["videoLabels"];
export const videoLabels = data as VideoLabels;
