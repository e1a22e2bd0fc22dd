import { join, normalize } from "node:path";
import type { Config } from "@keystatic/core";
import { createReader } from "@keystatic/core/reader";
import { fileSha256 } from "../publish/published-tree";
import { isCertificateValid, isSampleCertificateNumber, verificationLink, type CertificateStandard } from "../../app/lib/contracts/products";

// What a buyer would miss in the content as it is now in CONTENT_DIR (decision 0150), read through
// Keystatic's reader and the studio's own schema (keystatic.config.ts), as the build and every save's
// check read it: per product, no specifications beyond the minimum order and lead time, no photo of
// its own (every photo's file shared with another product, by path or by SHA-256 of its bytes), no
// size range (the schema holds no size chart); per certificate record, a missing or sample number
// and no Verify link. Reads only; changes nothing.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Keystatic's Config is generic over every collection
type AnyConfig = Config<any, any>;

/** The specification fields besides the minimum order and lead time, which fall back to the company's and so always show. */
const specFields = [
  "description",
  "construction",
  "gauge",
  "material",
  "compositions",
  "cottonTypes",
  "fabricWeight",
  "sizes",
  "customisation",
  "samples",
  "certificates",
] as const;

export type ProductGaps = {
  /** family/item, as in /gallery/men/tshirt. */
  slug: string;
  name: string;
  /** The family's name ("Men"), or its address when the family cannot be read. */
  family: string;
  /** Specification fields filled besides the minimum order and lead time (a photo's colourway counts: the product page lists it). */
  specsGiven: number;
  specsPossible: number;
  photos: number;
  /** Photos whose file no other product uses. */
  ownPhotos: number;
  /** The other products (family/item) its photos are shared with. */
  sharedWith: string[];
  /** Photos whose file is not in the content folder. */
  missingFiles: number;
  /** The size range as given ("" when none); non-textile products (construction) have none to give. */
  sizes: string;
  nonTextile: boolean;
};

export type CertificateGaps = {
  slug: string;
  name: string;
  number: string;
  sampleNumber: boolean;
  /** The Verify link a buyer gets (the record's own, else the standard's check), or null. */
  verify: { url: string; opensCertificate: boolean } | null;
  validUntil: string;
  /** Shown on the site today (valid until today or later). */
  onSite: boolean;
};

/** What the quotations' closing blocks have (decision 0155): a bank detail, a signatory's name; null when content/quotations.yaml cannot be read. */
export type QuotationGaps = { bankDetails: boolean; signatory: boolean };

export type ContentGaps = {
  products: ProductGaps[];
  certificates: CertificateGaps[];
  quotations: QuotationGaps | null;
  /** Entries that could not be read ("content/…: why"): their gaps are unknown. */
  unreadable: string[];
};

/** Keystatic's address of an entry in the studio (local mode): /keystatic/collection/<collection>/item/<slug>. */
export const studioEntryPath = (collection: string, slug: string) => `/keystatic/collection/${encodeURIComponent(collection)}/item/${encodeURIComponent(slug)}`;

/** Keystatic's address of a singleton in the studio (local mode): /keystatic/singleton/<singleton>. */
export const studioSingletonPath = (singleton: string) => `/keystatic/singleton/${encodeURIComponent(singleton)}`;

const filled = (value: unknown) => (Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null && String(value).trim() !== "");

type Reader = { list(): Promise<string[]>; read(slug: string): Promise<unknown> };

/** Every entry of a collection, each read on its own: one that cannot be read is named, the others still read. */
async function readAll<E extends object>(reader: Reader | undefined, folder: string, unreadable: string[]): Promise<Array<{ slug: string; entry: E }>> {
  if (!reader) return [];
  const slugs = (await reader.list()).sort();
  const read = await Promise.all(
    slugs.map(async (slug) => {
      try {
        const entry = (await reader.read(slug)) as E | null;
        return entry ? { slug, entry } : undefined;
      } catch (error) {
        unreadable.push(`${folder}/${slug}: ${(error instanceof Error ? error.message : String(error)).split("\n").filter(Boolean).slice(-1)[0]}`);
        return undefined;
      }
    }),
  );
  return read.filter((found): found is { slug: string; entry: E } => !!found);
}

type ItemEntry = { label: string; photos: Array<{ image: string | null; colourway?: string }>; specs?: Record<string, unknown> };
type FamilyEntry = { label: string };
type RecordEntry = { name: string; standard: CertificateStandard; number: string; verificationLink?: string; validUntil: string | null };

/** The SHA-256 of a photo's file (its public path, /media/…, under the content folder), or undefined when it is not there. */
async function photoHash(contentDir: string, publicPath: string): Promise<string | undefined> {
  const relative = normalize(publicPath.replace(/^\/+/, ""));
  if (!relative.startsWith("media/") || relative.split(/[\\/]/).includes("..")) return undefined;
  // Hashed as a stream (decision 0189): a large photo is never held whole for the report.
  return (await fileSha256(join(contentDir, relative)).catch(() => null)) ?? undefined;
}

/**
 * The gaps of the content in `contentDir` (CONTENT_DIR, the folder named content that the config's
 * "content/…" paths point into), as of `today` (YYYY-MM-DD, UTC: the day certificates are dropped by).
 */
export async function readContentGaps({ config, contentDir, today }: { config: AnyConfig; contentDir: string; today: string }): Promise<ContentGaps> {
  const reader = createReader(join(contentDir, ".."), config);
  const collections = reader.collections as Record<string, Reader | undefined>;
  const unreadable: string[] = [];
  const [items, families, records] = await Promise.all([
    readAll<ItemEntry>(collections.galleryItems, "content/gallery/items", unreadable),
    readAll<FamilyEntry>(collections.galleryFamilies, "content/gallery/families", unreadable),
    readAll<RecordEntry>(collections.certificateRecords, "content/certificate-records", unreadable),
  ]);
  const familyNames = new Map(families.map(({ slug, entry }) => [slug, entry.label]));

  // Who uses each photo: by its path, and by its bytes (the same picture uploaded twice).
  const photos = await Promise.all(
    items.map(async ({ slug, entry }) =>
      Promise.all(
        (entry.photos ?? [])
          .map((photo) => photo.image)
          .filter((image): image is string => !!image)
          .map(async (image) => ({ slug, path: image, hash: await photoHash(contentDir, image) })),
      ),
    ),
  );
  const users = new Map<string, Set<string>>();
  const addUser = (key: string, slug: string) => users.set(key, (users.get(key) ?? new Set()).add(slug));
  for (const photo of photos.flat()) {
    addUser(`path:${photo.path}`, photo.slug);
    if (photo.hash) addUser(`sha256:${photo.hash}`, photo.slug);
  }

  const products = items.map(({ slug, entry }, index): ProductGaps => {
    const specs = entry.specs ?? {};
    const colourways = (entry.photos ?? []).some((photo) => filled(photo.colourway));
    const sharedWith = new Set<string>();
    let ownPhotos = 0;
    for (const photo of photos[index]!) {
      const others = new Set([...(users.get(`path:${photo.path}`) ?? []), ...(photo.hash ? (users.get(`sha256:${photo.hash}`) ?? []) : [])]);
      others.delete(slug);
      if (others.size === 0) ownPhotos++;
      for (const other of others) sharedWith.add(other);
    }
    return {
      slug,
      name: entry.label,
      family: familyNames.get(slug.split("/")[0]!) ?? slug.split("/")[0]!,
      specsGiven: specFields.filter((field) => filled(specs[field])).length + (colourways ? 1 : 0),
      specsPossible: specFields.length + 1,
      photos: photos[index]!.length,
      ownPhotos,
      sharedWith: [...sharedWith].sort(),
      missingFiles: photos[index]!.filter((photo) => !photo.hash).length,
      sizes: typeof specs.sizes === "string" ? specs.sizes.trim() : "",
      nonTextile: specs.construction === "non-textile",
    };
  });

  const certificates = records.map(({ slug, entry }): CertificateGaps => {
    const number = (entry.number ?? "").trim();
    const validUntil = entry.validUntil ?? "";
    return {
      slug,
      name: entry.name,
      number,
      sampleNumber: number !== "" && isSampleCertificateNumber(number),
      verify: verificationLink(entry.standard, number, entry.verificationLink ?? ""),
      validUntil,
      onSite: validUntil !== "" && isCertificateValid({ validUntil }, today),
    };
  });

  return { products, certificates, quotations: await quotationGaps(reader.singletons as Record<string, SingletonReader | undefined>, unreadable), unreadable };
}

type SingletonReader = { read(): Promise<unknown> };

/** Whether the quotations carry bank details and a signatory (decision 0155): empty until the company fills them in. */
async function quotationGaps(singletons: Record<string, SingletonReader | undefined>, unreadable: string[]): Promise<QuotationGaps | null> {
  try {
    const entry = (await singletons.quotations?.read()) as { bankDetails?: Record<string, unknown>; signatory?: { name?: unknown } } | null | undefined;
    if (!entry) return null;
    return { bankDetails: Object.values(entry.bankDetails ?? {}).some(filled), signatory: filled(entry.signatory?.name) };
  } catch (error) {
    unreadable.push(`content/quotations.yaml: ${(error instanceof Error ? error.message : String(error)).split("\n").filter(Boolean).slice(-1)[0]}`);
    return null;
  }
}

/** What a product lacks that a buyer would miss. */
export const productLacks = (product: ProductGaps) => ({
  specs: product.specsGiven === 0,
  ownPhoto: product.photos > 0 && product.ownPhotos === 0,
  sizes: !product.nonTextile && product.sizes === "",
});

/** What a certificate record lacks that a buyer would miss. */
export const certificateLacks = (certificate: CertificateGaps) => ({
  number: certificate.number === "" || certificate.sampleNumber,
  verify: certificate.verify === null,
});
