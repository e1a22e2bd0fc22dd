import type { ContactContent } from "./contact.schema";

// The /contact page and the Get In Touch form (also at the bottom of the home page).
// Address, e-mail and phone come from site.ts.
export const contact = {
  detailsHeading: "Head office",
  addressLabel: "Address",
  emailLabel: "E-mail",
  phoneLabel: "Phone",
  map: {
    title: "Map of our head office in Uttara, Dhaka",
    embedUrl: "https://www.google.com/maps?q=Uttara%2C%20Dhaka-1230%2C%20Bangladesh&output=embed",
    linkUrl: "https://www.google.com/maps/search/?api=1&query=Uttara%2C%20Dhaka-1230%2C%20Bangladesh",
    linkLabel: "Open in Google Maps",
    previewImage: "/images/contact/map-preview.svg",
    previewAlt: "Sketch map of Uttara, Dhaka, with a pin on our head office",
    showLabel: "Show map",
    note: "The interactive map loads from Google Maps only when you ask for it.",
  },
  form: {
    heading: "Get In Touch",
    intro: "Tell us what you want to source or make. We answer every message within one working day.",
    labels: { name: "Name", email: "Email", subject: "Subject", message: "Message" },
    submit: "Send Message",
    sending: "Sending...",
    success: "Message sent successfully!",
    failure: "Error sending message. Please try again.",
    honeypotLabel: "Leave this field empty",
  },
} satisfies ContactContent;
