// What the staff desk's e2e (e2e/staff-desk.spec.ts) finds in each of its servers' databases: the
// accounts and leads scripts/test-setup/staff-e2e-seed.ts writes before the server opens the
// database. Plain data, shared by the seed and the spec.

/** Every account's password (test data: the servers listen on loopback only). */
export const staffE2ePassword = "correct horse battery staple";

export const staffE2eAccounts = {
  admin: { email: "admin@example.com", name: "Ada Admin", role: "admin" },
  sales: { email: "sales@example.com", name: "Sam Sales", role: "sales" },
  hr: { email: "hr@example.com", name: "Hana HR", role: "hr" },
  editor: { email: "editor@example.com", name: "Eddie Editor", role: "editor" },
} as const;

export type StaffE2eAccount = keyof typeof staffE2eAccounts;

/** APPLICATION_RETENTION_DAYS of the servers under test. */
export const staffE2eRetentionDays = 180;

const day = 86_400_000;

/**
 * The leads in the database when the server starts, each received `daysAgo` days before the seed ran;
 * `fields` in the stored shape of its kind (app/lib/contracts/leads.ts), a quote's reference beside them.
 */
export const staffE2eLeads = {
  /** A job application inside the retention period: hr and admin see it, sales never does. */
  application: {
    form: "career",
    daysAgo: 2,
    status: "new",
    fields: {
      name: "Rahim Uddin",
      email: "rahim@example.net",
      phone: "+880 1711 000000",
      position: "Merchandiser",
      coverLetter: "Five years in knitwear merchandising.",
    },
  },
  /** Older than the retention period: the server's retention job deletes it when it starts. Not new, so no count depends on when that happened. */
  expiredApplication: {
    form: "career",
    daysAgo: staffE2eRetentionDays + 220,
    status: "rejected",
    fields: { name: "Karim Expired", email: "karim@example.net", phone: "+880 1711 000001", position: "Quality inspector", coverLetter: "Applied long ago." },
  },
  contact: {
    form: "contact",
    daysAgo: 1,
    status: "new",
    fields: { name: "Nadia Rahman", email: "nadia@example.org", subject: "Sample request", message: "Could you send samples of your polo shirts?" },
  },
  quote: {
    form: "quote",
    daysAgo: 3,
    status: "new",
    reference: "Q-2025-00042",
    fields: {
      name: "Lars Nilsson",
      email: "lars@fjord.example",
      company: "Fjord Textiles AS",
      phone: "",
      country: "NO",
      buyerType: "importer",
      incoterm: "FOB",
      destination: "Oslo",
      deliveryMonth: "2026-03",
      paymentMode: "TT",
      message: "Winter range.",
      products: [{ product: "men/jacket", quantity: 2000, colours: 2, sizes: "M-XL", targetPrice: "", currency: "USD", notes: "" }],
    },
  },
} as const;

export const receivedDaysAgo = (daysAgo: number, now = Date.now()) => new Date(now - daysAgo * day);

/**
 * CONTENT_HISTORY_DAYS of the content history's e2e server (e2e/studio-history.spec.ts), and the
 * saves of one entry the seed writes for it with `--content-history` (each `daysAgo` days before the
 * seed ran, older than the period): the retention job at the server's start deletes the older and
 * keeps the newer, the entry's newest.
 */
export const historyE2eRetention = {
  days: 30,
  entry: { kind: "collection", key: "faq", slug: "e2e-retention" },
  saves: [
    { actor: "Former Editor", daysAgo: 40, before: "question: Is this the first version?\n", after: "question: Is this the second version?\n" },
    { actor: "Kept Editor", daysAgo: 35, before: "question: Is this the second version?\n", after: "question: Is this the newest version?\n" },
  ],
} as const;
