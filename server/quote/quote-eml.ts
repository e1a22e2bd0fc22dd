import countries from "i18n-iso-countries";
import MailComposer from "nodemailer/lib/mail-composer";
import { business } from "../../app/lib/contracts/constants";
import type { QuoteProduct } from "../../app/lib/contracts/quote-check";
import { withoutInvisibleControls as forHeader } from "../../app/lib/contracts/visible-text";
import type { Addresses } from "../mail/eml";
import { siteMessageId } from "../mail/message-id";
import type { QuoteParams } from "../mail/schema";

/** The attachments of a stored quote request, in the order the buyer chose them. */
export function quoteAttachments(params: QuoteParams) {
  const files: { filename: string; contentType: string; content: Buffer }[] = [];
  for (let n = 1; ; n++) {
    const file = params[`attachment_${n}`];
    if (!file) break;
    files.push({ filename: params[`attachment_${n}_filename`] ?? `attachment-${n}`, contentType: file.contentType, content: file.content });
  }
  return files;
}

const countryName = (code: string) => `${countries.getName(code, "en") ?? code} (${code})`;

/** What was asked, as both e-mails list it: the products, then the request's terms. */
export function quoteSummary(params: QuoteParams): string {
  // label, summary, terms: the product as the site showed it (issue 47; stored with the request).
  const products = JSON.parse(params.products) as (QuoteProduct & { label?: string; summary?: string; terms?: string })[];
  const lines = [`Reference: ${params.reference}`, "", "Products:"];
  products.forEach((p, i) => {
    lines.push(`${i + 1}. ${p.label ?? p.product} (${p.product})`);
    if (p.summary) lines.push(`   ${p.summary}`);
    if (p.terms) lines.push(`   ${p.terms}`);
    lines.push(`   Quantity: ${p.quantity} pieces in ${p.colours} colour(s)${p.terms ? "" : ` (minimum ${business.moqPiecesPerColor} pieces per colour)`}`);
    lines.push(`   Sizes: ${p.sizes}`);
    if (p.targetPrice) lines.push(`   Target price: ${p.targetPrice} ${p.currency} per piece`);
    if (p.notes) lines.push(`   Notes: ${p.notes}`);
  });
  lines.push(
    "",
    `Company: ${params.company}`,
    `Contact: ${params.name}`,
    `Email: ${params.email}`,
    `Phone: ${params.phone || "(none)"}`,
    `Country: ${countryName(params.country)}`,
    `Buyer type: ${params.buyerType}`,
    `Incoterm: ${params.incoterm}`,
    `Destination: ${params.destination}`,
    `Delivery month: ${params.deliveryMonth}`,
    `Payment mode: ${params.paymentMode}`,
  );
  const files = quoteAttachments(params);
  lines.push(`Attachments: ${files.length ? files.map((f) => f.filename).join(", ") : "(none)"}`, "", "Message:", params.message || "(none)", "");
  return lines.join("\n");
}

/** The request to the company's sales address: the summary, the buyer in Reply-To, the attachments. */
export function composeQuoteNotification(params: QuoteParams, addresses: Addresses, date = new Date()): Promise<Buffer> {
  const name = forHeader(params.name);
  return new MailComposer({
    from: addresses.from,
    to: addresses.sales ?? addresses.to,
    replyTo: { name, address: params.email },
    date,
    messageId: siteMessageId(addresses.from),
    headers: { "X-SSL-Form": "quote", "X-SSL-Reference": params.reference },
    subject: `Quote request ${params.reference}: ${forHeader(params.company)} (from ${name})`,
    text: ["A quote request from the website's /quote form. The buyer's files are attached.", "", quoteSummary(params)].join("\n"),
    attachments: quoteAttachments(params),
  })
    .compile()
    .build();
}

/** The buyer's acknowledgement: the reference and what was asked; replies go to the sales address. */
export function composeQuoteAcknowledgement(params: QuoteParams, addresses: Addresses, date = new Date()): Promise<Buffer> {
  return new MailComposer({
    from: addresses.from,
    to: { name: forHeader(params.name), address: params.email },
    replyTo: addresses.sales ?? addresses.to,
    date,
    messageId: siteMessageId(addresses.from),
    headers: { "X-SSL-Form": "quote-acknowledgement", "X-SSL-Reference": params.reference, "Auto-Submitted": "auto-replied" },
    subject: `Your quote request ${params.reference}`,
    text: [
      `Dear ${params.name},`,
      "",
      `Thank you for your quote request. Its reference is ${params.reference}: please quote it when you write to us.`,
      "Our sales team will reply to this address. Here is what you asked for:",
      "",
      quoteSummary(params),
    ].join("\n"),
  })
    .compile()
    .build();
}
