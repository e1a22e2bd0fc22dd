import { fields, singleton } from "@keystatic/core";
import { integer, template, text } from "./fields";

// content/quotations.yaml (decision 0120): what a new quotation draft starts with in the staff desk,
// and the words of the buyer's private page /quotation/{token}. Not a page of the built site: the
// build hands it to the server (server-settings.json, app/lib/contracts/server-settings.ts
// `QuotationSettings`), which swaps it in with each publish. The letterhead is the company's own
// (site.yaml, the head office); a draft's payment starts as the buyer's payment mode in the quote
// form's words (quote.yaml), its named place as its Incoterm names it (decision 0138).

/** A field the company may leave empty (decision 0155: bank details and signatory); at most `max` characters. */
const optional = (label: string, { multiline, max = 200, pattern }: { multiline?: boolean; max?: number; pattern?: { regex: RegExp; message: string } } = {}) =>
  fields.text({ label, multiline, validation: { length: { min: 0, max }, ...(pattern && { pattern }) } });

const group = <T extends Record<string, ReturnType<typeof text>>>(label: string, entries: T) => fields.object(entries, { label });

export const quotations = singleton({
  label: "Quotations",
  path: "content/quotations",
  format: { data: "yaml" },
  schema: {
    validityDays: integer("Days a new quotation is valid", {
      min: 1,
      max: 365,
      description: "A new draft's validity date is this many days after the day it is prepared; staff can change it on each quotation.",
    }),
    paymentTerms: text("A new draft's payment terms when the request names no payment mode", {
      multiline: true,
      description: "A request that names one (LC, TT …) starts with the buyer's choice instead.",
    }),
    sampleTerms: text("A new draft's sample terms", { multiline: true }),
    terms: text("A new draft's other terms", {
      multiline: true,
      description: "Only what the Incoterm, payment, lead time and sample terms of the quotation do not already say: they are written above it.",
    }),
    // Decision 0155: at the end of every quotation's PDF and on the buyer's page; a field left empty is left out.
    bankDetails: fields.object(
      {
        beneficiary: optional("Beneficiary (account name)"),
        bankName: optional("Bank"),
        branch: optional("Branch and its address", { multiline: true, max: 500 }),
        accountNumber: optional("Account number", { max: 100 }),
        swift: optional("SWIFT / BIC", {
          max: 11,
          pattern: { regex: /^([A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?)?$/, message: "SWIFT / BIC must be 8 or 11 capital letters and digits" },
        }),
        notes: optional("Other payment details (IBAN, routing number, intermediary bank …)", { multiline: true, max: 1000 }),
      },
      {
        label: "Bank details",
        description: "Printed at the end of every quotation's PDF and shown on the buyer's page. Only the company's real details: leave a field empty and it is left out.",
      },
    ),
    signatory: fields.object(
      {
        name: optional("Name"),
        position: optional("Position"),
      },
      { label: "Signatory", description: "Printed at the end of the PDF under “For and on behalf of” the company; left out while the name is empty." },
    ),
    page: fields.object(
      {
        title: template("Heading and title", ["label"], { description: "{label} is the reference and version, e.g. Q-2026-00042 v2." }),
        forBuyer: template("Who it is for", ["buyer"], { description: "{buyer} is the buyer's company and name." }),
        issued: text("Issued (label)"),
        validUntil: text("Valid until (label)"),
        lastDayToday: text("Days left: on the last day"),
        oneDayLeft: text("Days left: one"),
        daysLeft: template("Days left: more", ["n"]),
        download: template("PDF download link", ["label"]),
        linesHeading: text("Lines: heading"),
        linesCaption: text("Lines: table caption"),
        columns: group("Lines: columns", { product: text("Product"), quantity: text("Quantity"), unitPrice: text("Unit price"), amount: text("Amount") }),
        pieces: template("Quantity of a line", ["n"]),
        oneColour: text("One colour"),
        colours: template("More colours", ["n"]),
        sizes: template("Sizes of a line", ["sizes"]),
        priceBreak: template("A price break under a line (also in the PDF)", ["n", "price"], {
          description: "{n} is the quantity it holds from, {price} the unit price with its currency, e.g. From 5,000 pieces: USD 3.95 per piece.",
        }),
        totalsCaption: text("Totals: table caption"),
        totalColumns: group("Totals: columns", { currency: text("Currency"), total: text("Total") }),
        termsHeading: text("Terms: heading"),
        terms: group("Terms: names", {
          incoterm: text("Incoterm"),
          paymentTerms: text("Payment"),
          leadTime: text("Lead time or shipment"),
          sampleTerms: text("Samples"),
          terms: text("Other terms"),
        }),
        status: fields.object(
          {
            open: template("Open", ["day", "left"], { description: "{day} is the last valid day, {left} the days left." }),
            accepted: template("Accepted", ["name", "when"]),
            changes: template("Changes asked for", ["when"]),
            declined: template("Declined", ["when"]),
            expired: template("Expired", ["day"]),
            renewed: template("A new quotation asked for (after it expired)", ["when"]),
            superseded: template("Replaced by a newer version", ["latest"], { description: "{latest} is the newest version's number." }),
            revised: template("Accepted, then a revision sent", ["latest", "when"], { description: "Shown after the accepted message. {latest} is the revision's number, {when} when it was sent." }),
            revisionAccepted: template("Accepted, then its revision accepted", ["latest"], { description: "Shown after the accepted message. {latest} is the accepted revision's number." }),
          },
          { label: "Status messages" },
        ),
        actionsHeading: text("Answers: heading"),
        accept: group("Accept", { heading: text("Heading"), intro: text("Intro", { multiline: true }), name: text("Name label"), position: text("Position label"), button: text("Button") }),
        changes: group("Ask for changes", { heading: text("Heading"), message: text("Message label"), hint: text("Hint"), button: text("Button") }),
        decline: group("Decline", { heading: text("Heading"), reason: text("Reason label"), button: text("Button") }),
        renew: group("Ask for a new quotation (after it expired)", { heading: text("Heading"), message: text("Message label"), hint: text("Hint"), button: text("Button") }),
        problems: fields.object(
          {
            summary: text("Heading of the list of problems"),
            name: text("No name"),
            position: text("No position"),
            message: text("No message (changes)"),
            renewMessage: text("No message (new quotation)"),
            tooLong: template("Too long", ["label", "max"]),
            expired: text("Answer after the validity"),
            answered: text("Answered already"),
            superseded: text("Answer to a replaced version"),
            notExpired: text("New quotation asked for while still open"),
            crossSite: text("Form sent from elsewhere"),
            tooMany: text("Too many requests"),
          },
          { label: "Problem texts" },
        ),
        bank: group("Bank details (shown under the terms while the bank details above have any)", {
          heading: text("Heading"),
          beneficiary: text("Beneficiary"),
          bankName: text("Bank"),
          branch: text("Branch"),
          accountNumber: text("Account number"),
          swift: text("SWIFT / BIC"),
          notes: text("Other details"),
        }),
      },
      { label: "The buyer's quotation page (/quotation/…)" },
    ),
  },
});
