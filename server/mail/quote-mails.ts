import countries from "i18n-iso-countries";
import MailComposer from "nodemailer/lib/mail-composer";
import { business } from "../../app/lib/contracts/constants";
import type { QuoteLead, QuoteLine } from "../../app/lib/contracts/leads";
import { acknowledgementWordsDefaults, fill, type AcknowledgementWords } from "../../app/lib/contracts/server-settings";
import { withoutInvisibleControls as forHeader } from "../../app/lib/contracts/visible-text";
import type { Addresses } from "./addresses";
import { siteMessageId } from "./message-id";

// A quote request's two e-mails: the notification to the sales address and the buyer's acknowledgement.

const countryName = (code: string) => `${countries.getName(code, "en") ?? code} (${code})`;

/**
 * A product as the site showed it when the request came (decision 0078): "Men T-Shirt (men/tshirt)", and
 * under it its specification and its own minimum order and lead time, where the build described
 * them. Words of the company's build, never the buyer's: the acknowledgement may carry them too.
 */
const productName = (p: QuoteLine) => (p.label ? `${p.label} (${p.product})` : p.product);
const productFacts = (p: QuoteLine) => [p.summary, p.terms].filter((line): line is string => Boolean(line)).map((line) => `   ${line}`);

/** A product asked for below its usual minimum (decision 0148): a trial order. */
const belowMinimumLine = (p: QuoteLine) =>
  `Trial order: below the usual minimum${p.minimum === undefined ? "" : ` of ${p.minimum.toLocaleString("en")} pieces`}`;
/** Said to the buyer when a quantity is below its product's usual minimum (decision 0148). */
export const acknowledgementBelowMinimum = acknowledgementWordsDefaults.belowMinimum;

/** What was asked, as both e-mails list it: the products, then the request's terms. */
export function quoteSummary(lead: QuoteLead): string {
  const lines = [`Reference: ${lead.reference}`, "", "Products:"];
  lead.products.forEach((p, i) => {
    lines.push(`${i + 1}. ${productName(p)}`, ...productFacts(p));
    lines.push(`   Quantity: ${p.quantity} pieces in ${p.colours} colour(s)${p.terms ? "" : ` (minimum ${business.moqPiecesPerColor} pieces per colour)`}`);
    if (p.belowMinimum) lines.push(`   ${belowMinimumLine(p)}, to discuss with the buyer`);
    lines.push(`   Sizes: ${p.sizes}`);
    if (p.targetPrice) lines.push(`   Target price: ${p.targetPrice} ${p.currency} per piece`);
    if (p.notes) lines.push(`   Notes: ${p.notes}`);
  });
  lines.push(
    "",
    `Company: ${lead.company}`,
    `Contact: ${lead.name}`,
    `Email: ${lead.email}`,
    `Phone: ${lead.phone || "(none)"}`,
    `Country: ${countryName(lead.country)}`,
    `Buyer type: ${lead.buyerType}`,
    `Incoterm: ${lead.incoterm}`,
    `Destination: ${lead.destination}`,
    `Delivery month: ${lead.deliveryMonth}`,
    `Payment mode: ${lead.paymentMode}`,
  );
  const files = lead.attachments;
  lines.push(`Attachments: ${files.length ? files.map((f) => f.filename).join(", ") : "(none)"}`, "", "Message:", lead.message || "(none)", "");
  return lines.join("\n");
}

/**
 * The largest notification (decision 0065): a request whose files would make it larger is sent with a
 * link to the lead in the staff desk instead of them. Many mail servers refuse messages over 10 MB.
 */
export const notificationMaxBytes = 10 * 1024 * 1024;

/** Room for the notification's headers and text beside its files (the checked fields, encoded, take far less). */
const notificationTextBytes = 256 * 1024;

/** What files take in a MIME message: base64 in lines of 76 characters and a CRLF, and each part's headers. */
export function encodedSizeOf(files: { filename: string; content: Buffer }[]): number {
  return files.reduce((sum, f) => {
    const base64 = Math.ceil(f.content.length / 3) * 4;
    return sum + base64 + 2 * Math.ceil(base64 / 76) + 300 + 2 * f.filename.length;
  }, 0);
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * The request to the company's sales address: the summary, the buyer in Reply-To, the attachments,
 * and `leadUrl`, the lead in the staff desk. Files that would make it larger than
 * `notificationMaxBytes` stay in the desk: the message lists them and links there.
 */
export function composeQuoteNotification(
  lead: QuoteLead,
  addresses: Addresses,
  { date = new Date(), leadUrl }: { date?: Date; leadUrl?: string } = {},
): Promise<Buffer> {
  const name = forHeader(lead.name);
  const files = lead.attachments;
  const attach = encodedSizeOf(files) + notificationTextBytes <= notificationMaxBytes;
  const desk = [
    ...(lead.products.some((p) => p.belowMinimum) ? ["Trial order: a quantity is below its product's usual minimum (marked below).", ""] : []),
    ...(leadUrl ? [`In the staff desk: ${leadUrl}`, ""] : []),
  ];
  const intro = attach
    ? [`A quote request from the website's /quote form.${files.length ? " The buyer's files are attached." : ""}`, "", ...desk]
    : [
        "A quote request from the website's /quote form.",
        "",
        `The buyer's files (${files.length}, ${megabytes(files.reduce((sum, f) => sum + f.content.length, 0))}) are too large to send by e-mail; open them in the staff desk:`,
        leadUrl ?? "(the staff desk, Leads)",
        "",
        ...files.map((f) => `- ${f.filename} (${megabytes(f.content.length)})`),
        "",
      ];
  return new MailComposer({
    from: addresses.from,
    to: addresses.sales ?? addresses.to,
    replyTo: { name, address: lead.email },
    date,
    messageId: siteMessageId(addresses.from),
    headers: { "X-SSL-Form": "quote", "X-SSL-Reference": lead.reference },
    subject: `Quote request ${lead.reference}: ${forHeader(lead.company)} (from ${name})`,
    text: [...intro, quoteSummary(lead)].join("\n"),
    attachments: attach ? files.map(({ filename, contentType, content }) => ({ filename, contentType, content })) : [],
  })
    .compile()
    .build();
}

/**
 * The acknowledgement's subject, which every later message of the thread continues ("Re: …",
 * decision 0135): the reference in brackets, as the inbound reader finds it in an answer.
 */
export const acknowledgementSubject = (reference: string, words: Pick<AcknowledgementWords, "subject"> = acknowledgementWordsDefaults) =>
  `${forHeader(words.subject)} [${reference}]`;

/**
 * The buyer's acknowledgement (decision 0064). Anyone can type any address into the form, so this
 * e-mail goes from the company's address to whoever was named: it carries nothing a stranger can
 * write freely. Only the reference, the products and quantities as chosen from the catalogue, the
 * terms chosen from the form's lists and the company's own words; no name, company, message,
 * notes, sizes, destination, phone or file name (all of which reach the sales team in the
 * notification). Replies go to the sales address; `messageId` is kept with its job, so the buyer's
 * answer to it is threaded into the lead. In the lead's language (decision 0164): `words` are the
 * company's, from the build's quotation settings in that language (`quotationWordsIn`).
 */
export function composeQuoteAcknowledgement(
  lead: QuoteLead,
  addresses: Addresses,
  date = new Date(),
  messageId = siteMessageId(addresses.from),
  { acknowledgement: w, locale }: { acknowledgement: AcknowledgementWords; locale: string } = { acknowledgement: acknowledgementWordsDefaults, locale: "en" },
): Promise<Buffer> {
  const files = lead.attachments.length;
  const number = (n: number) => n.toLocaleString(locale);
  const trial = (p: QuoteLine) => (p.minimum === undefined ? w.trialOrderAnyMinimum : fill(w.trialOrder, { minimum: number(p.minimum) }));
  return new MailComposer({
    from: addresses.from,
    to: lead.email,
    replyTo: addresses.sales ?? addresses.to,
    date,
    messageId,
    headers: { "X-SSL-Form": "quote-acknowledgement", "X-SSL-Reference": lead.reference, "Auto-Submitted": "auto-replied" },
    subject: acknowledgementSubject(lead.reference, w),
    text: [
      w.greeting,
      "",
      fill(w.thanks, { reference: lead.reference }),
      w.answerAt,
      "",
      ...lead.products.flatMap((p, i) => [
        fill(w.line, { n: i + 1, product: productName(p), quantity: p.quantity, colours: p.colours }),
        ...productFacts(p),
        ...(p.belowMinimum ? [`   ${trial(p)}`] : []),
      ]),
      "",
      ...(lead.products.some((p) => p.belowMinimum) ? [w.belowMinimum, ""] : []),
      `${w.incoterm}: ${lead.incoterm}`,
      `${w.deliveryMonth}: ${lead.deliveryMonth}`,
      `${w.paymentMode}: ${lead.paymentMode}`,
      `${w.filesReceived}: ${files}`,
      "",
      w.withSales,
      w.notYou,
      "",
    ].join("\n"),
  })
    .compile()
    .build();
}
