import type { GalleryFamily } from "./schema";

// Every gallery path of SPEC §2 (/gallery/{family}/{item}) with its human label ("pant" reads "Jeans").
// public/data.json holds the images and is the source of the prerender list; the build fails when the
// two disagree (app/features/gallery/gallery-data.server.ts), so every page has a label and data.
export const galleryCatalog = [
  {
    slug: "women",
    label: "Women",
    items: [
      { slug: "tops", label: "Tops" },
      { slug: "pant", label: "Jeans" },
      { slug: "paddedjacket", label: "Padded Jacket" },
      { slug: "footware", label: "Footwear" },
    ],
  },
  {
    slug: "men",
    label: "Men",
    items: [
      { slug: "tshirt", label: "T-Shirt" },
      { slug: "poloshirt", label: "Polo Shirt" },
      { slug: "sweatshirt", label: "Sweatshirt" },
      { slug: "hoodie", label: "Hoodie" },
      { slug: "jacket", label: "Jacket" },
      { slug: "paddedjacket", label: "Padded Jacket" },
      { slug: "pullover", label: "Pullover" },
      { slug: "shorts", label: "Shorts" },
      { slug: "shirt", label: "Shirt" },
      { slug: "sweater", label: "Sweater" },
      { slug: "longpant", label: "Long Pant" },
      { slug: "underwear", label: "Underwear" },
      { slug: "footware", label: "Footwear" },
    ],
  },
  {
    slug: "kids",
    label: "Kids",
    items: [
      { slug: "sweatshirt", label: "Sweatshirt" },
      { slug: "hoodie", label: "Hoodie" },
      { slug: "shorts", label: "Shorts" },
      { slug: "footware", label: "Footwear" },
    ],
  },
  {
    slug: "fashion",
    label: "Fashion",
    items: [
      { slug: "jewelry", label: "Jewelry" },
      { slug: "cap", label: "Cap" },
      { slug: "gloves", label: "Gloves" },
      { slug: "hat", label: "Hat" },
      { slug: "bag", label: "Bag" },
      { slug: "luggage", label: "Luggage" },
    ],
  },
  {
    slug: "hometextile",
    label: "Home Textile",
    items: [
      { slug: "bedcover", label: "Bed Cover" },
      { slug: "cushioncover", label: "Cushion Cover" },
      { slug: "potholderorovenmitt", label: "Pot Holder or Oven Mitt" },
      { slug: "beachtowel", label: "Beach Towel" },
      { slug: "kitchentowel", label: "Kitchen Towel" },
      { slug: "kitchenapron", label: "Kitchen Apron" },
      { slug: "curtain", label: "Curtain" },
      { slug: "tablecloth", label: "Table Cloth" },
    ],
  },
  {
    slug: "nontextile",
    label: "Non Textile",
    items: [
      { slug: "basket", label: "Basket" },
      { slug: "placemat", label: "Placemat" },
      { slug: "coaster", label: "Coaster" },
      { slug: "rug", label: "Rug" },
      { slug: "doormat", label: "Doormat" },
      { slug: "straw&plasticbasket", label: "Straw & Plastic Basket" },
      { slug: "recyleplastic&paper", label: "Recycled Plastic & Paper" },
      { slug: "tablerunner", label: "Table Runner" },
      { slug: "coconutshell", label: "Coconut Shell" },
      { slug: "woodenitem", label: "Wooden Item" },
      { slug: "betelnutshell", label: "Betel Nut Shell" },
      { slug: "stationery", label: "Stationery" },
      { slug: "crockery", label: "Crockery" },
      { slug: "toy", label: "Toy" },
    ],
  },
] satisfies GalleryFamily[];

/** Site path of a gallery item; '&' stays raw, as browsers leave it in paths. */
export function galleryItemPath(family: string, item: string): string {
  return `/gallery/${family}/${item}`;
}

/** The catalogue's paths (the same 49 as public/data.json, which the build checks). */
export function galleryItemPaths(): string[] {
  return galleryCatalog.flatMap((f) => f.items.map((i) => galleryItemPath(f.slug, i.slug)));
}

/** Human labels of a family and item, matched case-insensitively; undefined when not catalogued. */
export function galleryLabels(family: string, item: string): { family: string; item: string } | undefined {
  const f = galleryCatalog.find((c) => c.slug === family.toLowerCase());
  const i = f?.items.find((x) => x.slug === item.toLowerCase());
  return f && i ? { family: f.label, item: i.label } : undefined;
}
