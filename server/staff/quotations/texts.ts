import { placeNamedBy } from "../../leads/quotations";

/** A price break as the problems name it: its line's number and its own, from 1. */
type BreakNamed = { line: number; row: number };

/** Every word of the desk's quotation pages (decision 0111): staff words, not the public site's content. */
export const quotationText = {
  sectionHeading: "Quotation",
  // A sent version's PDF kept in the bucket while the bucket does not answer (decision 0161).
  pdfUnavailable: "This PDF cannot be fetched just now",
  pdfUnavailableBody: "The store that keeps the quotations' PDFs did not answer. Nothing is lost: try again in a minute.",
  noQuotation: "No quotation has been prepared for this request yet.",
  prepare: "Prepare a quotation",
  // After an acceptance (decision 0137): a new version only as a revision, with its reason.
  revise: "Revise the accepted quotation",
  acceptedNote: (label: string, by: string, on: string) =>
    `${label} was accepted by ${by} on ${on}. It stays accepted: a new version is a revision of it, which needs a reason, goes on this request's history and the audit log, and tells the buyer that ${label} is being revised.`,
  revisionHeading: (label: string) => `Revision of the accepted quotation ${label}`,
  revisionIntro: (label: string) =>
    `The buyer accepted ${label}. This draft revises it: the buyer's e-mail says so, and ${label} stays accepted until the buyer accepts the revision.`,
  revisionReason: "Reason for revising the accepted quotation",
  revisionReasonHint:
    "Needed to send the revision: why the accepted prices or terms change. Kept on the request's history and in the audit log; not sent to the buyer.",
  revisionOf: (version: number) => `revision of v${version}`,
  sendRevision: "Send the revision to the buyer",
  sendRevisionHint: (email: string, label: string) => `Sends the revision as a PDF with a private link to ${email}; ${label} stays accepted.`,
  editDraft: "Edit the draft quotation",
  draftNote: (by: string) => `A draft by ${by} is waiting to be sent.`,
  versionsCaption: "Quotations sent, newest first",
  columns: { version: "Version", status: "Status", sent: "Sent", validUntil: "Valid until", totals: "Totals", pdf: "PDF", actions: "Link" },
  downloadPdf: (label: string) => `Download ${label} (PDF)`,
  revoke: "Withdraw the link",
  revokeLabel: (label: string) => `Withdraw the buyer's link to ${label}`,
  revoked: "link withdrawn",
  answer: (name: string, position: string | null, address: string | null) => `${name}${position ? `, ${position}` : ""}${address ? ` (from ${address})` : ""}`,

  editorTitle: (reference: string) => `Quotation for ${reference}`,
  backToLead: "Back to the request",
  termsHeading: "Terms",
  incoterm: "Incoterm (2020)",
  noIncoterm: "None",
  namedPlace: "Named place",
  /** What the Incoterm chosen names (Incoterms 2020, decision 0138). */
  namedPlaceHint: (incoterm: string) => {
    const place = placeNamedBy(incoterm);
    if (place === "shipment")
      return `${incoterm} names our place or port of shipment, not the buyer's destination: write it here (the request does not say it).`;
    if (place) return `${incoterm} names the ${place === "destination port" ? "port" : "place"} of destination: the buyer's, as the request gives it.`;
    return "The port or place the Incoterm names: of shipment for EXW, FCA, FAS and FOB, of destination for the others.";
  },
  paymentTerms: "Payment terms",
  leadTime: "Lead time or shipment date",
  validUntil: "Valid until (last day)",
  validUntilHint: "The buyer can accept until the end of this day (UTC).",
  sampleTerms: "Sample terms",
  terms: "Other terms",
  linesHeading: "Lines",
  lineLegend: (n: number) => `Line ${n}`,
  newLineLegend: "Add a line",
  product: "Product",
  quantity: "Quantity (pieces)",
  colours: "Colours",
  sizes: "Sizes",
  unitPrice: "Unit price",
  unitPriceHint: "Per piece, such as 4.50; leave empty while not priced.",
  currency: "Currency",
  currencyHint: "ISO 4217 code, such as USD, EUR or BDT.",
  notes: "Notes (fabric, composition, GSM, packing)",
  remove: "Remove this line",
  // A line's price breaks (decision 0156): offers for larger orders, never in the totals.
  priceBreaks: (n: number) => (n ? `Price breaks (${n})` : "Price breaks"),
  priceBreaksHint:
    "A unit price from a larger quantity, in the line's currency. The buyer sees it under the line; the line's amount and the totals stay at its quantity.",
  breakLegend: (n: number) => `Price break ${n}`,
  breakQuantity: "From (pieces)",
  breakPrice: "Price per piece",
  totalsHeading: "Totals",
  totalsCaption: "Totals per currency (never added across currencies)",
  totalsColumns: { currency: "Currency", lines: "Priced lines", total: "Total" },
  noTotals: "No line is priced yet.",
  unpriced: (n: number) => `${n} ${n === 1 ? "line is" : "lines are"} not priced yet.`,
  save: "Save the draft",
  send: "Send to the buyer",
  // The editor's way to the covering e-mail, shown before anything is sent (decision 0151).
  review: "Review the e-mail to the buyer",
  reviewRevision: "Review the revision's e-mail to the buyer",
  reviewHint: (email: string) => `Saves the draft and shows the e-mail to ${email} as it will go, its text yours to edit; nothing is sent yet.`,
  reviewRevisionHint: (email: string, label: string) =>
    `Saves the draft and shows the revision's e-mail to ${email} as it will go, its text yours to edit; nothing is sent yet, and ${label} stays accepted.`,
  mail: {
    title: (reference: string) => `E-mail with the quotation for ${reference}`,
    intro: "This is the e-mail the buyer will get, with the quotation's PDF attached. Edit its text if you wish; it goes exactly as it stands here.",
    headersLabel: "The e-mail's sender, recipient, subject and attachment",
    from: "From",
    to: "To",
    subject: "Subject",
    attachment: "Attachment",
    text: "Text of the e-mail",
    textHint: "Keep the private link: the buyer reads, accepts or asks for changes on its page. Everything here is sent as written.",
    quotedHeading: "Quoted below your text",
    nothingQuoted: "Nothing: this thread has no earlier message to quote.",
    backToDraft: "Back to the draft",
    linkMissing: (link: string) => `Text of the e-mail: keep the quotation's private link, ${link}, the buyer answers on its page.`,
    draftChanged: "The draft was changed since this e-mail was shown; nothing was sent. Check the e-mail against the draft and send again.",
  },
  sendHint: (email: string) => `Sends the quotation as a PDF with a private link to ${email}, and supersedes any earlier version.`,
  discard: "Discard the draft",
  saved: "The draft is saved.",
  previewPdf: "Preview the PDF",

  // A version's page: what changed from the version before it (decision 0151).
  changes: {
    title: (label: string) => `Quotation ${label}`,
    link: (previous: number) => `Changes from v${previous}`,
    heading: (previous: number) => `What changed from v${previous}`,
    first: "This is the first version sent: there is no earlier one to compare it with.",
    none: (previous: number) => `Nothing changed from v${previous}: the same lines, terms and totals.`,
    summary: (previous: number, counts: { added: number; removed: number; changed: number; terms: number }) => {
      const lines = (n: number, what: string) => `${n} ${n === 1 ? "line" : "lines"} ${what}`;
      const parts = [
        counts.added && lines(counts.added, "added"),
        counts.removed && lines(counts.removed, "removed"),
        counts.changed && lines(counts.changed, "changed"),
        counts.terms && `${counts.terms} ${counts.terms === 1 ? "term" : "terms"} changed`,
      ].filter(Boolean);
      return `From v${previous}: ${parts.length ? parts.join(", ") : "no line or term changed"}.`;
    },
    status: (status: string, sent: string, by: string) => `Status: ${status}. Sent on ${sent} by ${by}.`,
    linesCaption: (previous: number, version: number) => `Lines, v${previous} → v${version}`,
    linesColumns: { product: "Product", change: "Change", quantity: "Quantity (pieces)", unitPrice: "Unit price", lineTotal: "Line total" },
    termsCaption: (previous: number, version: number) => `Terms, v${previous} → v${version}`,
    termsColumns: { term: "Term", value: "Before → after" },
    totalsCaption: (previous: number, version: number) => `Totals per currency, v${previous} → v${version}`,
    totalsColumns: { currency: "Currency", total: "Before → after" },
    added: "Added",
    removed: "Removed",
    changed: "Changed",
    unchanged: "Unchanged",
    /** "Changed: 3,000 → 3,500". */
    changedValue: (before: string, after: string) => `Changed: ${before} → ${after}`,
    addedValue: (value: string) => `Added: ${value}`,
    removedValue: (value: string) => `Removed: ${value}`,
    unchangedValue: (value: string) => `Unchanged: ${value}`,
    /** A change the table has no column for, under "Changed": "Sizes: S-XL → S-XXL". */
    fieldChange: (field: string, before: string, after: string) => `${field}: ${before} → ${after}`,
    fields: { product: "Product", colours: "Colours", sizes: "Sizes", notes: "Notes", priceBreaks: "Price breaks" },
    /** One price break in a change: "from 5,000 at USD 3.95" (decision 0156). */
    priceBreak: (quantity: string, price: string) => `from ${quantity} at ${price}`,
    empty: "none",
    notPriced: "not priced",
    terms: {
      incotermPlace: "Incoterm and named place",
      paymentTerms: "Payment terms",
      leadTime: "Lead time or shipment date",
      validUntil: "Valid until",
      currencies: "Currencies",
      sampleTerms: "Sample terms",
      terms: "Other terms",
    },
  },

  problems: {
    product: "Product: write what the line offers.",
    quantity: "Quantity: a whole number of pieces from 1 to 10,000,000.",
    colours: "Colours: a whole number from 1 to 1,000.",
    currency: "Currency: an ISO 4217 code, such as USD.",
    price: (message: string) => `Unit price ${message}.`,
    validUntil: "Valid until: a date as YYYY-MM-DD.",
    validPast: "Valid until: a day from today on; a quotation that is already over cannot be sent.",
    tooLong: (label: string, max: number) => `${label}: at most ${max.toLocaleString("en")} characters.`,
    noLines: "A quotation needs at least one line.",
    tooManyLines: (max: number) => `A quotation takes at most ${max} lines.`,
    unpricedLine: (n: number) => `Line ${n}: give it a unit price before sending.`,
    breakNoQuantity: ({ line, row }: BreakNamed) => `Line ${line}, price break ${row}: write the quantity from which its price holds.`,
    breakQuantity: ({ line, row }: BreakNamed) => `Line ${line}, price break ${row}: the quantity is a whole number of pieces up to 10,000,000.`,
    breakNotAboveLine: ({ line, row }: BreakNamed, quantity: number) =>
      `Line ${line}, price break ${row}: the quantity must be above the line's own, ${quantity.toLocaleString("en")} pieces.`,
    breakNotIncreasing: ({ line, row }: BreakNamed, previous: number) =>
      `Line ${line}, price break ${row}: the quantity must be above the break before it, ${previous.toLocaleString("en")} pieces.`,
    breakNoPrice: ({ line, row }: BreakNamed) => `Line ${line}, price break ${row}: write its unit price.`,
    breakPrice: ({ line, row }: BreakNamed, message: string) => `Line ${line}, price break ${row}: the unit price ${message}.`,
    notDraft: "This quotation was sent or discarded meanwhile; nothing was changed.",
    closed: "This request is won or lost: no quotation can be sent on it.",
    changed: "Someone sent a version of this quotation meanwhile; nothing was sent. Check the request's page.",
    noEmail: "The request has no e-mail address to send the quotation to.",
    revisionReason: "Reason for revising the accepted quotation: write why it changes; the buyer has accepted it.",
  },
  statuses: {
    draft: "draft",
    sent: "sent",
    superseded: "superseded",
    accepted: "accepted",
    changes_requested: "changes requested",
    declined: "declined",
    expired: "expired",
    revoked: "withdrawn",
  } as Record<string, string>,
  history: {
    sent: (actor: string, version: string) => `${actor} sent quotation ${version}.`,
    revised: (actor: string, version: string) => `${actor} revised the accepted quotation v${version}; the buyer is told in the revision's e-mail. Reason:`,
    revoked: (actor: string, version: string) => `${actor} withdrew the link to quotation v${version}.`,
    expired: (version: string) => `Quotation v${version} expired: its validity ended.`,
    accept: (actor: string, version: string) => `The buyer accepted quotation v${version} (${actor}).`,
    changes: (actor: string, version: string) => `The buyer asked for changes to quotation v${version} (${actor}):`,
    decline: (actor: string, version: string) => `The buyer declined quotation v${version} (${actor}).`,
    renew: (actor: string, version: string) => `The buyer asked for a new quotation after v${version} expired (${actor}):`,
  },
} as const;

/** The quotation follow-up's settings page (decision 0158, admin). */
export const followUpSettingsText = {
  title: "Quotation follow-up",
  intro:
    "A quotation the buyer has not answered comes back to its assignee (to admins and sales when nobody has it) in the inbox, with a suggested follow-up reply, after this many days with no message from the buyer and none from us.",
  daysLabel: "Days without an answer",
  daysHint: (min: number, max: number) =>
    `Calendar days, weekends included (buyers keep their own week), counted from the quotation's e-mail or our last message after it. A whole number from ${min} to ${max}.`,
  saveButton: "Save the follow-up setting",
  saved: "The quotation follow-up setting is saved.",
  badDays: (min: number, max: number) => `Enter the days as a whole number from ${min} to ${max}.`,
  badRequest: "Bad Request: send the settings form (application/x-www-form-urlencoded or multipart/form-data)",
} as const;
