import { PageBanner } from "~/components/page-banner/page-banner";
import { TextParts } from "~/components/text-parts/text-parts";
import { usePages } from "~/content/pages";
import { type GalleryFamilyView, galleryTrail } from "./gallery-family-view";
import { GalleryItemCards } from "./gallery-item-cards";

export type GalleryFamilyPageProps = { family: GalleryFamilyView };

/** Covers in the first rows load at once, the rest when scrolled near. */
const eagerCovers = 4;

/** /gallery/{family}: banner, breadcrumb Home / Product Gallery / {family}, and the family's items. */
export function GalleryFamilyPage({ family }: GalleryFamilyPageProps) {
  const gallery = usePages().gallery;
  return (
    <>
      <PageBanner title={family.label} titleLang={family.lang} image={gallery.bannerImage} trail={galleryTrail(gallery)} />
      <div className="mx-auto max-w-7xl px-4 py-12">
        {family.lineSheet && (
          // The sheet's language where it is not the page's (the default language's sheet, decision 0175).
          <p className="mb-6" lang={family.lineSheet.lang}>
            <a href={family.lineSheet.href} download className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
              <TextParts parts={family.lineSheet.label} />
            </a>
          </p>
        )}
        <GalleryItemCards family={family} eager={eagerCovers} />
      </div>
    </>
  );
}
