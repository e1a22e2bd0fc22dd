import { fields, singleton } from "@keystatic/core";
import { text } from "./fields";
import { galleryVideoPattern } from "./gallery";

// content/gallery/showcases.yaml: the three static gallery pages (/gallery/fashion-accessories,
// /gallery/home-textile, /gallery/non-textile), each a video and three cards. A card's picture is a
// photo of a gallery item (/media/gallery/…); the build checks that the file exists.

/** A photo already uploaded to a gallery item: /media/gallery/{family}/{item}/photos/{n}/image.webp. */
export const galleryPhotoPattern = /^\/media\/gallery\/[\w\-./&]+\.(jpe?g|png|webp)$/i;

const card = fields.object({
  title: text("Title"),
  image: fields.text({
    label: "Picture",
    description: "A photo of a gallery item, e.g. /media/gallery/fashion/bag/photos/0/image.webp (open the item to see its photos' paths).",
    validation: {
      length: { min: 1 },
      pattern: { regex: galleryPhotoPattern, message: "Picture must be a gallery photo /media/gallery/….jpg, .png or .webp" },
    },
  }),
});

const showcase = (page: string) =>
  fields.object(
    {
      video: fields.text({
        label: "Video",
        description: "An MP4 under /videos/ (its poster, the same name in .webp, beside it) or an https address.",
        validation: { length: { min: 1 }, pattern: { regex: galleryVideoPattern, message: "Video must be /videos/name.mp4 or an https address" } },
      }),
      cards: fields.array(card, { label: "Cards", itemLabel: (p) => p.fields.title.value, validation: { length: { min: 3, max: 3 } } }),
    },
    { label: page },
  );

export const galleryShowcases = singleton({
  label: "Gallery showcase pages",
  path: "content/gallery/showcases",
  format: { data: "yaml" },
  schema: {
    fashionAccessories: showcase("Fashion Accessories (/gallery/fashion-accessories)"),
    homeTextile: showcase("Home Textile (/gallery/home-textile)"),
    nonTextile: showcase("Non Textile (/gallery/non-textile)"),
  },
});
