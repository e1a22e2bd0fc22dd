/** @jsxImportSource hono/jsx */
import { staffPaths } from "../../app/lib/contracts/staff-paths";
import type { StaffDesk } from "../staff/desk-context";
import { requireStaff } from "../staff/guard";
import { DataTable, staffPage, staffText } from "../staff/ui";
import { certificateLacks, productLacks, readContentGaps, studioEntryPath, studioSingletonPath, type CertificateGaps, type ProductGaps } from "./content-gaps";
import type { StudioOptions } from "./studio";

// The desk's "What the content lacks" at /staff/content-gaps (decision 0150): for editors and admins,
// what a buyer would miss per product and per certificate record, read from CONTENT_DIR on every
// request; each name opens its entry in the studio. Read only, no script.

const t = staffText.gaps;

/** A name that opens its entry in the studio (local mode's address; GitHub mode's studio starts at /keystatic and picks the branch). */
function StudioLink({ collection, slug, name, github }: { collection: string; slug: string; name: string; github: boolean }) {
  return (
    <a href={github ? staffPaths.studio : studioEntryPath(collection, slug)}>
      {name}
      <span class="visually-hidden">{t.editSuffix}</span>
    </a>
  );
}

/** What a row lacks, in words: the names whose flag is set, or that nothing is. */
const listed = (flags: Array<[boolean, string]>) =>
  flags
    .filter(([on]) => on)
    .map(([, words]) => words)
    .join("; ") || t.nothingLacking;

const productName = (product: ProductGaps) => `${product.family} – ${product.name}`;

export function mountContentGaps(desk: StaffDesk, studio: Pick<StudioOptions, "config" | "contentDir" | "storage">) {
  const github = studio.storage.storage.kind === "github";
  desk.app.get(staffPaths.contentGaps, requireStaff("admin", "editor"), async (c) => {
    const staff = c.get("staff")!;
    const gaps = await readContentGaps({ config: studio.config, contentDir: studio.contentDir, today: desk.now().toISOString().slice(0, 10) });
    const { products, certificates, unreadable } = gaps;
    const names = new Map(products.map((product) => [product.slug, productName(product)]));
    const lacking = products.map(productLacks);
    const onSite = certificates.filter((certificate) => certificate.onSite);
    const onSiteLacking = onSite.map(certificateLacks);
    const body = (
      <>
        <p>{t.intro}</p>
        <section aria-labelledby="gaps-summary">
          <h2 id="gaps-summary">{t.summaryTitle}</h2>
          <ul>
            <li>{t.onlyTerms(lacking.filter((l) => l.specs).length, products.length)}</li>
            <li>{t.noOwnPhoto(lacking.filter((l) => l.ownPhoto).length, products.length)}</li>
            <li>{t.noSizes(lacking.filter((l) => l.sizes).length, products.length)}</li>
            <li>{t.sampleNumbers(onSiteLacking.filter((l) => l.number).length, onSite.length)}</li>
            <li>{t.noVerify(onSiteLacking.filter((l) => l.verify).length, onSite.length)}</li>
            {gaps.quotations && !gaps.quotations.bankDetails && (
              <li>
                {t.noBankDetails} <a href={github ? staffPaths.studio : studioSingletonPath("quotations")}>{t.editQuotations}</a>
              </li>
            )}
            {gaps.quotations && !gaps.quotations.signatory && (
              <li>
                {t.noSignatory} <a href={github ? staffPaths.studio : studioSingletonPath("quotations")}>{t.editQuotations}</a>
              </li>
            )}
          </ul>
        </section>
        {unreadable.length ? (
          <section aria-labelledby="gaps-unreadable">
            <h2 id="gaps-unreadable">{t.unreadableTitle}</h2>
            <p>{t.unreadableIntro}</p>
            <ul>
              {unreadable.map((line) => (
                <li>{line}</li>
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="gaps-products">
          <h2 id="gaps-products">{t.productsTitle}</h2>
          <p>{t.productsIntro}</p>
          <DataTable<ProductGaps>
            caption={t.productsCaption}
            empty={t.noProducts}
            rows={products}
            columns={[
              {
                header: t.product,
                rowHeader: true,
                cell: (p) => <StudioLink collection="galleryItems" slug={p.slug} name={productName(p)} github={github} />,
              },
              {
                header: t.lacks,
                wraps: true,
                cell: (p) => {
                  const lacks = productLacks(p);
                  return listed([
                    [lacks.specs, t.lackSpecs],
                    [lacks.ownPhoto, t.lackPhoto],
                    [lacks.sizes, t.lackSizes],
                  ]);
                },
              },
              { header: t.specs, cell: (p) => (p.specsGiven === 0 ? t.onlyTermsCell : t.specsCell(p.specsGiven, p.specsPossible)) },
              {
                header: t.photos,
                wraps: true,
                cell: (p) =>
                  [
                    t.photosCell(p.ownPhotos, p.photos),
                    p.sharedWith.length ? t.sharedWith(p.sharedWith.map((slug) => names.get(slug) ?? slug).join(", ")) : "",
                    p.missingFiles ? t.missingFiles(p.missingFiles) : "",
                  ]
                    .filter(Boolean)
                    .join("; "),
              },
              { header: t.sizes, cell: (p) => (p.sizes ? p.sizes : p.nonTextile ? t.notTextile : t.noSizesCell) },
            ]}
          />
        </section>
        <section aria-labelledby="gaps-certificates">
          <h2 id="gaps-certificates">{t.certificatesTitle}</h2>
          <p>{t.certificatesIntro}</p>
          <DataTable<CertificateGaps>
            caption={t.certificatesCaption}
            empty={t.noCertificates}
            rows={certificates}
            columns={[
              {
                header: t.certificate,
                rowHeader: true,
                cell: (r) => <StudioLink collection="certificateRecords" slug={r.slug} name={r.name} github={github} />,
              },
              {
                header: t.lacks,
                wraps: true,
                cell: (r) => {
                  const lacks = certificateLacks(r);
                  return listed([
                    [lacks.number, t.lackNumber],
                    [lacks.verify, t.lackVerify],
                  ]);
                },
              },
              { header: t.number, cell: (r) => (r.number === "" ? t.noNumber : r.sampleNumber ? t.sampleNumber(r.number) : r.number) },
              { header: t.verify, cell: (r) => (r.verify === null ? t.noVerifyCell : r.verify.opensCertificate ? t.opensCertificate : t.opensSearch) },
              { header: t.validUntil, cell: (r) => (r.onSite ? r.validUntil : t.expired(r.validUntil)) },
            ]}
          />
        </section>
      </>
    );
    return c.html(staffPage({ title: t.title, staff, body, current: staffPaths.contentGaps }));
  });
}
