import { fields, singleton } from "@keystatic/core";
import { fixedText, placeholderHelp, template, text } from "./fields";

// content/labels.yaml: words of the site's frame (skip link, breadcrumb, menu, footer, the Oops
// page) and of its controls, the gallery and the analytics consent banner. The frame's words are in
// every page's shell; each group (carousel, video, …) is served as its own module, imported by the
// one component that shows it, so a page loads only the words it can show (first-load JS budget).
export const labels = singleton({
  label: "Words on every page",
  path: "content/labels",
  format: { data: "yaml" },
  schema: {
    skipToContent: text("Skip link (keyboard users)"),
    breadcrumbHome: text("First breadcrumb"),
    breadcrumbName: text("Name of the breadcrumb (screen readers)"),
    videoFallback: fixedText("Text for browsers without video", "Your browser does not support the video tag."),
    opensInNewTab: text("Added for screen readers to links that open a new tab"),
    loading: text("Shown while a page loads"),
    backToTop: text("Back-to-top button (screen readers)"),
    carousel: fields.object(
      {
        previous: text("Previous button (screen readers)"),
        next: text("Next button (screen readers)"),
        pause: text("Pause button of a moving carousel (screen readers)"),
        play: text("Play button of a paused carousel (screen readers)"),
        slide: template("Each card's position (screen readers)", ["n", "count"]),
      },
      { label: "Carousels" },
    ),
    video: fields.object({ play: template("Play button of a video (screen readers)", ["label"]) }, { label: "Videos" }),
    teamCard: fields.object({ rating: template("Star rating (screen readers)", ["rating", "outOf"]) }, { label: "Team cards" }),
    pictureWindow: fields.object({ close: text("Close button of a picture window (screen readers)") }, { label: "Picture window" }),
    footer: fields.object(
      {
        aboutHeading: text("Heading of the company block (screen readers)", { description: placeholderHelp }),
        sisterConcern: text("Before the sister concern"),
        socialMedia: text("Name of the social links list (screen readers)"),
        quickView: text("Quick View heading"),
        offices: text("Offices heading"),
        email: text("Before an e-mail address"),
        phone: text("Before a phone number"),
        website: text("Before a website"),
        rightsReserved: text("After the copyright"),
        privacy: text("Link to the privacy notice, after the copyright"),
      },
      { label: "Footer" },
    ),
    formPrivacy: fields.object(
      {
        text: text("Before the link"),
        link: text("Link to the privacy notice: it opens in a new tab (so nothing typed in the form is lost); say so in its words"),
      },
      { label: "Beside each form's send button" },
    ),
    gallery: fields.object(
      {
        untitledProduct: fixedText("Title of a photo without one", "Name of products"),
        notFound: fixedText("Message for an unknown gallery page", "No data found for {category} - {subcategory}."),
        notFoundTitle: text("Browser tab title of an unknown gallery page"),
        viewLarger: template("Button on each picture (screen readers)", ["title"]),
        fullSize: text("Read after a picture's title link (screen readers)"),
        itemDescription: template("Search description of an item page", ["title"], { description: "{title} is the item, e.g. Men T-Shirt." }),
        familyTitle: template("Browser tab title of a family page (/gallery/men)", ["family"], { description: "{family} is the family's name, e.g. Men." }),
        familyDescription: template("Search description of a family page", ["family"], { description: "{family} is the family's name, e.g. Men." }),
      },
      { label: "Gallery" },
    ),
    addToQuote: fields.object(
      {
        add: text("Button on each product (gallery item pages and cards); without JavaScript a link to the quote form"),
        product: template("Added to the button and link for screen readers", ["product"], {
          description: "{product} is the product, e.g. Men Hoodie.",
        }),
        added: template("Message once a product is added", ["product"]),
        removed: template("Message once a product is taken out", ["product"]),
        view: text("Link to the quote request, beside the button on an item page"),
      },
      { label: "Quote request buttons" },
    ),
    galleryVideo: fields.object(
      { description: template("Description of a gallery video (screen readers)", ["heading"]) },
      { label: "Gallery videos" },
    ),
    consent: fields.object(
      {
        title: text("Heading"),
        body: text("Question", { multiline: true }),
        accept: text("Accept button"),
        decline: text("Decline button"),
        choice: template("On the privacy notice: the choice made in this browser", ["choice"]),
        granted: text("On the privacy notice: the choice when accepted"),
        denied: text("On the privacy notice: the choice when declined"),
        unanswered: text("On the privacy notice: no choice made yet"),
      },
      { label: "Analytics cookie banner" },
    ),
  },
});
