import { config } from "@keystatic/core";
import { collections, singletons } from "./app/content/studio";
import { studioNavigation } from "./app/content/studio/dashboard";
import { galleryFamilies, galleryItems } from "./app/content/studio/gallery";

// The content studio (/keystatic) and the build read content/ through this one configuration:
// field definitions per type live in app/content/studio/, the build reads with them
// (app/content/reader), so what the studio saves is what the build accepts.

// Where the studio reads and writes: the files in content/ on this machine.
const storage = { kind: "local" } as const;

export default config({
  storage,
  ui: { brand: { name: "SSL website" }, navigation: studioNavigation },
  singletons,
  collections: {
    ...collections,
    galleryFamilies,
    galleryItems,
  },
});
