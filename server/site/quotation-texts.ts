import { fill, priceBreakText, quotationPageWordsDefaults, type QuotationPageWords } from "../../app/lib/contracts/server-settings";

import { longDay } from "../platform/utc-time";

export { fill };

/**
 * The words of the buyer's quotation page (decisions 0114, 0120): the studio's
 * "Quotations" (content/quotations.yaml), which the build hands the server (server-settings.json)
 * and a publish swaps in; here they get their slots filled and their plural forms chosen.
 */
export function buyerPageText(w: QuotationPageWords, locale = "en") {
  return {
    /** The page's language (decision 0164): its `lang`, its numbers and days. */
    locale,
    day: (day: string | Date) => longDay(day, locale),
    title: (label: string) => fill(w.title, { label }),
    forBuyer: (company: string, name: string) => fill(w.forBuyer, { buyer: [company, name].filter(Boolean).join(", ") }),
    issued: w.issued,
    validUntil: w.validUntil,
    daysLeft: (n: number) => (n === 0 ? w.lastDayToday : n === 1 ? w.oneDayLeft : fill(w.daysLeft, { n })),
    download: (label: string) => fill(w.download, { label }),
    linesHeading: w.linesHeading,
    linesCaption: w.linesCaption,
    columns: w.columns,
    pieces: (n: number) => fill(w.pieces, { n: n.toLocaleString(locale) }),
    detail: (colours: number, sizes: string) =>
      [colours === 1 ? w.oneColour : fill(w.colours, { n: colours }), sizes && fill(w.sizes, { sizes })].filter(Boolean).join(", "),
    priceBreak: (n: number, price: string) => priceBreakText(w.priceBreak, n, price, locale),
    totalsCaption: w.totalsCaption,
    totalColumns: w.totalColumns,
    termsHeading: w.termsHeading,
    terms: w.terms,
    status: {
      open: (day: string, left: string) => fill(w.status.open, { day, left }),
      accepted: (name: string, when: string) => fill(w.status.accepted, { name, when }),
      changes: (when: string) => fill(w.status.changes, { when }),
      declined: (when: string) => fill(w.status.declined, { when }),
      expired: (day: string) => fill(w.status.expired, { day }),
      renewed: (when: string) => fill(w.status.renewed, { when }),
      superseded: (latest: number) => fill(w.status.superseded, { latest }),
      // A build made before these words (decision 0137) has none: the defaults stand in.
      revised: (latest: number, when: string) => fill(w.status.revised ?? quotationPageWordsDefaults.status.revised, { latest, when }),
      revisionAccepted: (latest: number) => fill(w.status.revisionAccepted ?? quotationPageWordsDefaults.status.revisionAccepted, { latest }),
    },
    actionsHeading: w.actionsHeading,
    accept: w.accept,
    changes: w.changes,
    decline: w.decline,
    renew: w.renew,
    // Decision 0155; a build made before these words has none: the defaults stand in.
    bank: w.bank ?? quotationPageWordsDefaults.bank,
    problems: { ...w.problems, tooLong: (label: string, max: number) => fill(w.problems.tooLong, { label, max: max.toLocaleString(locale) }) },
  };
}

export type BuyerPageText = ReturnType<typeof buyerPageText>;
