import { config } from "@keystatic/core";
import { translatedLocales, type ContentLocale } from "./app/lib/contracts/content-translations";
import { collections, singletons } from "./app/content/studio";
import { studioNavigation } from "./app/content/studio/dashboard";
import { galleryFamilies, galleryItems } from "./app/content/studio/gallery";
import { translationTypes } from "./app/content/studio/translations";

// The content studio (/keystatic) and the build read content/ through this one configuration:
// field definitions per type live in app/content/studio/, the build reads with them
// (app/content/reader), so what the studio saves is what the build accepts.

// Where the studio reads and writes: the files in content/ on this machine.
const storage = { kind: "local" } as const;

/**
 * The configuration with each translated language's types (decision 0165): one collection or
 * singleton per translated type and language, in a navigation group per language. The server and
 * the build take the languages from CONTENT_DIR's locales.yaml; the studio's page from the server.
 */
export function studioConfigFor(translated: readonly ContentLocale[]) {
  const translations = translationTypes(translated);
  // Keystatic types the navigation by the literal keys; the translated keys are made from the content's languages.
  return config({
    storage,
    ui: { brand: { name: "SSL website" }, navigation: { ...studioNavigation, ...(translations.navigation as typeof studioNavigation) } },
    singletons: { ...singletons, ...translations.singletons },
    collections: {
      ...collections,
      galleryFamilies,
      galleryItems,
      ...translations.collections,
    },
  });
}

export default studioConfigFor(translatedLocales());
