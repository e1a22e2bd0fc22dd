import { Link } from "react-router";
import { PageShell } from "~/components/page-banner/page-shell";
import { galleryCatalog, galleryItemPath } from "~/content/gallery-catalog";
import { pages } from "~/content/pages";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta(pages.gallery);

export default function GalleryIndexPage() {
  return (
    <PageShell page={pages.gallery}>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-3">
        {galleryCatalog.map((family) => (
          <section key={family.slug} aria-labelledby={`family-${family.slug}`}>
            <h2 id={`family-${family.slug}`} className="text-2xl font-bold text-brand-800">
              {family.label}
            </h2>
            <ul className="mt-3 space-y-1">
              {family.items.map((item) => (
                <li key={item.slug}>
                  <Link
                    to={galleryItemPath(family.slug, item.slug)}
                    className="text-brand-700 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-accent-500"
                  >
                    {family.label} {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </PageShell>
  );
}
