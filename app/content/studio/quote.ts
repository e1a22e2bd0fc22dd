import { fields, singleton } from "@keystatic/core";
import { buyerTypes, incoterms, paymentModes, quoteProblems, type QuoteProblem } from "../../lib/contracts/quote";
import { fixedText, notSentPageTexts, sitePath, template, text } from "./fields";

// content/quote.yaml: the /quote form (decision 0042), its terms box and its result pages. The codes of
// the lists (incoterms, buyer types, payment modes) and the rules (MOQ, lead time, file limits)
// are constants (app/lib/contracts/quote.ts, constants.ts): the studio words them, it cannot add one.

const labelsOf = <T extends readonly string[]>(codes: T, label: string) =>
  fields.object(Object.fromEntries(codes.map((code) => [code, text(`${label} "${code}"`)])) as Record<T[number], ReturnType<typeof text>>, { label });


/**
 * The form's fields. `english`: the default language's file, whose words the specification fixes
 * are checked word for word ("Sending..."); a translation (content/quote/<code>.yaml, decision 0166)
 * has the same fields with every word its own.
 */
const quoteSchema = (english: boolean) => ({
    title: text("Page title"),
    description: text("Page description (search results)"),
    heading: text("Heading"),
    intro: text("Intro", { multiline: true }),
    productsHeading: text("Products: heading"),
    productHeading: template("Heading of each product", ["n"]),
    productLabel: text("Product label"),
    productNone: text("Product list: first entry (nothing chosen)"),
    productTerms: template("Under a chosen product: its minimum order and lead time", ["moq", "leadTime"], {
      description: "{moq} and {leadTime} are the product's, as its page says them (e.g. 300 pieces per colour; 45–75 days).",
    }),
    quantityLabel: text("Quantity label"),
    belowMinimum: template(
      "Quantity below the product's minimum, beside the field before sending (the request is still sent, as a trial order)",
      ["quantity", "minimum", "perColour", "colours"],
      {
        description:
          "{quantity} is what the buyer typed, {minimum} the product's usual minimum for the colours asked; {perColour} is the product's own minimum per colour (500 unless its specifications say otherwise).",
      },
    ),
    coloursLabel: text("Number of colours label"),
    sizesLabel: text("Sizes label"),
    targetPriceLabel: text("Target price label"),
    currencyLabel: text("Currency label"),
    notesLabel: text("Product notes label"),
    addProducts: text("Button that shows the further products"),
    requestHeading: text("Company and delivery: heading"),
    companyLabel: text("Company label"),
    contactNameLabel: text("Contact name label"),
    emailLabel: text("Business e-mail label"),
    phoneLabel: text("Phone label"),
    countryLabel: text("Country label"),
    countryNone: text("Country list: first entry (nothing chosen)"),
    buyerTypeLabel: text("Buyer type label"),
    buyerTypes: labelsOf(buyerTypes, "Buyer type"),
    incotermLabel: text("Incoterm label"),
    incoterms: labelsOf(incoterms, "Incoterm"),
    destinationLabel: text("Destination label"),
    deliveryMonthLabel: text("Delivery month label"),
    deliveryMonthHint: template("Delivery month hint", ["earliest", "days"]),
    paymentModeLabel: text("Payment mode label"),
    paymentModes: labelsOf(paymentModes, "Payment mode"),
    chooseOne: text("Lists: first entry (nothing chosen)"),
    messageLabel: text("Message label"),
    attachmentsLabel: text("Attachments label"),
    attachmentsHint: text("Attachments hint (types and limits)", { multiline: true }),
    submit: text("Send button"),
    sending: english ? fixedText("While sending", "Sending...") : text("While sending"),
    success: template("Sent", ["reference"]),
    failure: text("Not sent"),
    errorsHeading: text("Heading of the list of problems"),
    honeypotLabel: text("Label of the hidden anti-spam field"),
    termsHeading: text("Terms box: heading"),
    terms: fields.array(fields.object({ label: text("Term"), text: text("What it is", { multiline: true }) }), {
      label: "Terms box: the company's terms",
      itemLabel: (p) => p.fields.label.value,
      validation: { length: { min: 1 } },
    }),
    problems: fields.object(
      Object.fromEntries(
        quoteProblems.map((code) => [code, text(`Problem "${code}"`, { multiline: true })]),
      ) as Record<QuoteProblem, ReturnType<typeof text>>,
      { label: "Problem texts (one per problem the form or the server can name; also the not-sent pages)" },
    ),
    deliveryTooEarly: template("Delivery month too early, beside the field", ["earliest", "days"]),
    sent: fields.object(
      {
        title: text("Page title"),
        description: text("Page description"),
        heading: text("Heading"),
        message: text("Message"),
        referenceLabel: text("Before the reference"),
        belowMinimum: text("When a quantity is below its product's minimum (a trial order, to be discussed); also under the form once sent", {
          multiline: true,
        }),
        text: text("Text", { multiline: true }),
        links: fields.array(fields.object({ label: text("Link text"), to: sitePath("Link address") }), {
          label: "Links",
          itemLabel: (p) => p.fields.label.value,
          validation: { length: { min: 1 } },
        }),
      },
      { label: "Sent page (/quote/sent)" },
    ),
    notSent: fields.object(
      notSentPageTexts(),
      { label: "Not-sent page (/quote/not-sent/…)" },
    ),
});

export const quote = singleton({
  label: "Quote request form",
  path: "content/quote",
  format: { data: "yaml" },
  schema: quoteSchema(true),
});

/**
 * The form's words in another language (content/quote/<code>.yaml, decision 0166): every field of
 * the English file, all of them needed (the build stops on a missing one, naming file and field).
 */
export const quoteWordsSchema = quoteSchema(false);
