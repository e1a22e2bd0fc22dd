import { fields, singleton } from "@keystatic/core";
import { placeholderHelp, template, text } from "./fields";

// content/messages/<code>.yaml: the interface's words in each language of content/locales.yaml, one
// file per language with the same fields (decision 0160). The build reads every listed language's
// file with these fields: a word missing in one language stops the build naming the file and the
// field, so a visitor never meets a gap. A page gets its own language's words only, as data in its
// HTML (app/root.tsx), not as JavaScript. The studio edits the English file, the source, here and
// each other language's file with the same fields in its "Translations" group (decision 0179:
// app/content/studio/translations.ts).
// The frame's words and the controls' words (once a labels file of their own) are here too: `labels` (skip
// link, breadcrumb, footer …: useLabels()) and one group per control (carousel, video, teamCard,
// pictureWindow, gallery, galleryVideo, addToQuote, consent), each read by its component from the
// page's words (useMessages()).
export const messagesSchema = {
  language: fields.object(
    {
      switcher: text("Name of the list of languages, also said before the current language on its button (screen readers)"),
    },
    { label: "Language switcher" },
  ),
  header: fields.object(
    {
      logoSuffix: text("Added after the company name on the logo link (screen readers)"),
      mainMenu: text("Name of the menu (screen readers)"),
      mobileMenu: text("Name of the menu on phones (screen readers)"),
      menuButton: text("Menu button on phones (screen readers)"),
      requestQuote: text("Request a quote button"),
      quoteRequestOne: text("Request a quote button with one product in the list (screen readers)"),
      quoteRequestCount: template("Request a quote button with several products in the list (screen readers)", ["count"], {
        description: "{count} is the number of products, e.g. 2.",
      }),
    },
    { label: "Header" },
  ),
  menu: fields.array(fields.object({ english: text("English label, as in Menu and footer links"), label: text("Label in this language") }), {
    label: "Menu and footer link labels (other languages: one per English label; English: leave empty)",
    itemLabel: (p) => `${p.fields.english.value} → ${p.fields.label.value}`,
  }),
  oops: fields.object(
    {
      heading: text("Heading"),
      message: text("Message", { multiline: true }),
      goHome: text("Link to the home page"),
    },
    { label: "Oops page (unknown address)" },
  ),
  contactForm: fields.object(
    {
      name: text("Name field"),
      email: text("E-mail field"),
      subject: text("Subject field"),
      message: text("Message field"),
      submit: text("Send button"),
      sending: text("Send button while sending"),
      success: text("Sent"),
      failure: text("Not sent"),
      honeypot: text("Label of the hidden anti-spam field"),
    },
    { label: "Get In Touch form" },
  ),
  careerForm: fields.object(
    {
      name: text("Name field"),
      email: text("E-mail field"),
      phone: text("Phone field"),
      position: text("Position field"),
      coverLetter: text("Cover letter field"),
      resume: text("Resume field"),
      resumeHint: text("Resume hint (name every accepted type: PDF, DOC, DOCX, ODT, RTF, TXT, JPEG, PNG)"),
      submit: text("Send button"),
      sending: text("Send button while sending"),
      success: text("Sent"),
      failure: text("Not sent"),
      fileTooLarge: text("File too large"),
      noFile: text("No file"),
      fileType: text("Wrong file type (name every accepted type: PDF, DOC, DOCX, ODT, RTF, TXT, JPEG, PNG)"),
      honeypot: text("Label of the hidden anti-spam field"),
    },
    { label: "Career form" },
  ),
  labels: fields.object(
    {
      skipToContent: text("Skip link (keyboard users)"),
      breadcrumbHome: text("First breadcrumb"),
      breadcrumbName: text("Name of the breadcrumb (screen readers)"),
      videoFallback: text("Text for browsers without video"),
      opensInNewTab: text("Added for screen readers to links that open a new tab"),
      loading: text("Shown while a page loads"),
      backToTop: text("Back-to-top button (screen readers)"),
      footer: fields.object(
        {
          aboutHeading: text("Heading of the company block (screen readers)", { description: placeholderHelp }),
          sisterConcern: text("Before the sister concern"),
          socialMedia: text("Name of the social links list (screen readers)"),
          quickView: text("Quick View heading"),
          offices: text("Offices heading"),
          headOffice: text("After the head office's country, in brackets"),
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
    },
    { label: "Words on every page" },
  ),
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
  gallery: fields.object(
    {
      untitledProduct: text("Title of a photo without one"),
      notFound: template("Message for an unknown gallery page", ["category", "subcategory"]),
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
};

/**
 * Words the specification fixes in English, word for word: the default language's file must say
 * exactly these (the other languages translate them freely). Checked by the reader, since one set
 * of fields serves every language.
 */
export const fixedInEnglish = {
  contactForm: {
    name: "Name",
    email: "Email",
    subject: "Subject",
    message: "Message",
    sending: "Sending...",
    success: "Message sent successfully!",
    failure: "Error sending message. Please try again.",
  },
  careerForm: {
    name: "Name",
    email: "Email",
    phone: "Phone",
    position: "Position",
    sending: "Sending...",
    success: "Application sent successfully!",
    failure: "Error sending application. Please try again.",
    fileTooLarge: "File size exceeds 50KB. Please upload a smaller file.",
    noFile: "Please upload your resume.",
  },
  oops: { heading: "Oops!", goHome: "Go Home" },
  labels: { videoFallback: "Your browser does not support the video tag." },
  gallery: { untitledProduct: "Name of products", notFound: "No data found for {category} - {subcategory}." },
} as const;

/** The default language's file (English), the source the others translate. */
export const messages = singleton({
  label: "Interface words (English, the source)",
  path: "content/messages/en",
  format: { data: "yaml" },
  schema: messagesSchema,
});
