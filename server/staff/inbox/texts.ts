/**
 * Every word the inbox shows staff, in one place (decision 0051): the staff desk is not part of the
 * public site's content, so these are not edited in the studio, and the server cannot import app/content.
 */
/** Languages named in the desk's English (decision 0164): "de" → "German". */
const languageNames = new Intl.DisplayNames(["en"], { type: "language" });

export const inboxText = {
  inboxTitle: "Inbox",
  /** `estimated`: more than the inbox counts exactly, PostgreSQL's estimate (decision 0088). */
  newBadgeLabel: (n: number, estimated = false) => `${estimated ? "about " : ""}${n.toLocaleString("en")} new ${n === 1 ? "lead" : "leads"}`,
  filterHeading: "Filter and search",
  typeLabel: "Type",
  anyType: "All types",
  statusLabel: "Status",
  anyStatus: "Any status",
  assigneeLabel: "Assignee",
  anyone: "Anyone",
  me: "Me",
  unassigned: "Unassigned",
  /** Trial orders: quote requests with a quantity below its product's usual minimum (decision 0148). */
  orderSizeLabel: "Order size",
  anyOrderSize: "Any order size",
  // The language a lead's form was sent from (decision 0164): "German (de)".
  languageLabel: "Language",
  anyLanguage: "Any language",
  languageName: (code: string) => `${languageNames.of(code) ?? code} (${code})`,
  trialOrders: "Trial orders (below the minimum)",
  trialOrder: "Trial order (below the minimum)",
  trialOrderDetail: "Trial order: a quantity is below its product's usual minimum. Discuss it with the buyer.",
  fromLabel: "Received from",
  toLabel: "Received to",
  searchLabel: "Search names, e-mails, companies, subjects and messages",
  filterButton: "Show leads",
  clearFilter: "Clear the filter",
  resultCount: (n: number, estimated = false) => `${estimated ? "about " : ""}${n.toLocaleString("en")} ${n === 1 ? "lead" : "leads"}`,
  noLeads: "No leads match this filter.",
  exportCsv: (n: number, estimated = false) =>
    estimated
      ? `Export these leads as CSV (about ${n.toLocaleString("en")})`
      : n === 1
        ? "Export this lead as CSV"
        : `Export these ${n.toLocaleString("en")} leads as CSV`,
  tableCaption: "Leads, newest first",
  columns: {
    reference: "Reference",
    type: "Type",
    status: "Status",
    from: "From",
    topic: "Subject or products",
    language: "Language",
    received: "Received",
    age: "Age",
    assignee: "Assignee",
  },
  /** How long ago a lead arrived, short enough for a column: "45 min", "3 h", "2 d". */
  age: (ms: number) => {
    const minutes = Math.max(0, Math.floor(ms / 60_000));
    if (minutes < 60) return `${minutes} min`;
    const hours = Math.floor(minutes / 60);
    return hours < 24 ? `${hours} h` : `${Math.floor(hours / 24).toLocaleString("en")} d`;
  },
  unread: "unread",
  nobody: "nobody",
  pagerLabel: "Pages",
  previousPage: "Previous page",
  nextPage: "Next page",
  pageLabel: (n: number) => `Page ${n}`,
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  pageOfAbout: (page: number, pages: number) => `Page ${page.toLocaleString("en")} of about ${pages.toLocaleString("en")}`,
  lastPage: "Last page",

  leadTitle: (reference: string, type: string, name: string) => `${reference}: ${type} from ${name}`,
  backToInbox: "Back to the inbox",
  /** The lead page's links to the leads either side of it in the list (decision 0154). */
  aroundLabel: "Leads in the list",
  previousLead: "Previous lead",
  nextLead: "Next lead",
  replyByEmail: "Write a reply",
  waitingLink: "Waiting for us",
  detailsHeading: "Details",
  received: "Received",
  source: "Source",
  sources: { web: "website form", outbox: "imported from the former outbox" } as Record<string, string>,
  /** A lead's fields, in the order its page lists them (others after, by their stored name). */
  fieldLabels: {
    reference: "Reference",
    name: "Name",
    email: "E-mail",
    phone: "Phone",
    company: "Company",
    country: "Country",
    buyerType: "Buyer type",
    subject: "Subject",
    position: "Position",
    products: "Products",
    incoterm: "Incoterm",
    destination: "Destination",
    deliveryMonth: "Delivery month",
    paymentMode: "Payment mode",
    message: "Message",
    coverLetter: "Cover letter",
  } as Record<string, string>,
  attachmentsHeading: "Attachments",
  noAttachments: "No attachments.",
  download: (name: string, size: string) => `Download ${name} (${size})`,
  statusHeading: "Status",
  currentStatus: (status: string) => `Now: ${status}`,
  moveTo: (status: string) => `Mark as ${status}`,
  workflowDone: "This lead's workflow is finished.",
  assignHeading: "Assignee",
  assignLabel: "Handled by",
  assignButton: "Assign",
  assignToMe: "Assign to me",
  noteHeading: "Internal notes",
  noteLabel: "New internal note (staff only)",
  noteButton: "Add note",

  notFound: "There is no such lead.",
  fileUnavailable: "This file cannot be fetched just now",
  fileUnavailableBody: "The store that keeps the files of leads did not answer. Nothing is lost: try again in a minute.",
  badRequest: "That request could not be understood.",
  unknownAssignee: "That person cannot be given this lead: choose someone from the list.",
} as const;

/** The words of the inbox's bulk actions on ticked leads (decision 0152). */
export const bulkText = {
  heading: "With the ticked leads",
  hint: "Tick leads in the list below, then choose what to do with them.",
  assignLabel: "Assign to",
  assignButton: "Assign",
  statusLabel: "Set status to",
  statusButton: "Set status",
  chooseStatus: "choose a status",
  readButton: "Mark as read",
  unreadButton: "Mark as unread",
  nobody: "nobody",
  me: (name: string) => `Me (${name})`,
  /** The checkbox of a lead, named by its reference. */
  tick: (reference: string) => reference,
  noneTicked: "Tick at least one lead to change.",
  tooMany: (n: number) => `Tick at most ${n} leads at a time.`,
  unknownAction: "Choose what to do with the ticked leads: assign, set a status, mark as read or unread.",
  badStatus: "Choose a status from the list to set.",
  unknownAssignee: "Choose someone from the list to assign the ticked leads to.",
  noneThere: "None of the ticked leads is there any more.",
  /** How many leads changed, at the start of the summary. */
  leads: (n: number) => (n === 0 ? "No leads" : `${n.toLocaleString("en")} ${n === 1 ? "lead" : "leads"}`),
  assigned: (leads: string, to: string) => `${leads} assigned to ${to}`,
  unassigned: (leads: string) => `${leads} given to nobody`,
  moved: (leads: string, status: string) => `${leads} set to ${status}`,
  markedRead: (leads: string) => `${leads} marked as read`,
  markedUnread: (leads: string) => `${leads} marked as unread`,
  leftAsItWas: (n: number, reasons: string) => `${n.toLocaleString("en")} left as ${n === 1 ? "it was" : "they were"}: ${reasons}`,
  /** Why a ticked lead was left as it was. */
  why: {
    alreadyThere: (reference: string, status: string) => `${reference} is already ${status}`,
    workflow: (reference: string, status: string, next: string) => `${reference} is ${status}, ${next ? `it can become ${next}` : "its workflow is finished"}`,
    alreadyAssigned: (reference: string, name: string) => `${reference} is already ${name === "nobody" ? "given to nobody" : `${name}'s`}`,
    cannotSee: (reference: string, name: string, type: string) => `${name} may not see ${reference}, ${type === "application" ? "an" : "a"} ${type} lead`,
    changed: (reference: string) => `${reference} was changed by someone else meanwhile`,
    gone: (n: number) => (n === 1 ? "a ticked lead is not there any more" : `${n.toLocaleString("en")} ticked leads are not there any more`),
  },
} as const;

/** The words of the saved views above the list (decision 0152). */
export const savedViewText = {
  heading: "Saved views",
  none: "No saved views yet: filter the list, then save the filter under a name.",
  open: (name: string) => name,
  deleteButton: "Delete",
  deleteLabel: (name: string) => `Delete the view ${name}`,
  nameLabel: "Save this filter as a view named",
  saveButton: "Save view",
  noFilter: "Filter the list first: a view saves the filter shown.",
  noName: "Name the view to save it.",
  nameTooLong: (n: number) => `A view's name is at most ${n} characters.`,
  full: (n: number) => `You have ${n} saved views already: delete one to save another.`,
} as const;

/** The words of a lead's conversation (decisions 0100, 0101, 0103): timeline, reply form, waiting view. */
export const conversationText = {
  timelineHeading: "Timeline",
  requestReceived: (name: string, type: string) => `${name} sent the ${type} request (its details above).`,
  theSender: "The sender",
  sentBy: (name: string, to: string) => `${name} replied to ${to}:`,
  receivedFrom: (from: string) => `${from} wrote:`,
  outLabel: "Reply sent",
  inLabel: "Message received",
  quotation: "with a quotation",
  /** The company's confirmation of a buyer's acceptance, sent by the quotation page (decision 0155). */
  acceptanceSent: (to: string) => `Confirmation of the acceptance sent to the buyer (${to}), with the accepted version's PDF:`,
  subject: "Subject",
  filesOf: (subject: string) => `Files of “${subject}”`,
  download: (name: string, size: string) => `Download ${name} (${size})`,
  historyStatus: (actor: string, from: string, to: string) => `${actor} changed the status from ${from} to ${to}.`,
  historyAssign: (actor: string, to: string) => `${actor} assigned it to ${to}.`,
  historyNote: (actor: string) => `${actor} added a note:`,
  nobody: "nobody",
  unread: "unread",

  firstResponse: "First response",
  after: (duration: string) => `${duration} after it arrived`,
  notAnswered: "Not answered yet",
  waitingLabel: "Waiting for us",
  waitingFor: (duration: string) => `Yes, for ${duration}`,
  notWaiting: "No: we wrote last",

  replyHeading: "Reply",
  fromLabel: "From",
  toLabel: "To",
  quotesLabel: "Quoted below your reply",
  quotesNothing: "Nothing: no earlier message of ours or from this address",
  noAddress: "This lead has no e-mail address to answer.",
  templateLabel: "Start from a template",
  noTemplate: "No template",
  useTemplate: "Use template",
  textLabel: "Your reply",
  filesLabel: "Attachments (optional)",
  filesHint: (count: number, eachMb: number, totalMb: number) =>
    `Up to ${count} files: PDF, JPEG, PNG or Excel (.xlsx), each up to ${eachMb} MB, ${totalMb} MB in all.`,
  sendButton: "Send reply",
  inboundOn: "The buyer's answer comes back to this page.",
  inboundOff:
    "The buyer's answer comes back to this page only once the company's mailbox is connected (IMAP_URL, see the README); until then it reaches the mailbox only.",
  sent: "Your reply is on its way.",
  replyEmpty: "The reply is empty: write something to send it.",
  unknownTemplate: "There is no such template: choose one from the list.",
  filesTooMany: (count: number) => `Attach at most ${count} files.`,
  fileTooLarge: (name: string, mb: number) => `${name} is larger than ${mb} MB.`,
  fileType: (name: string) => `${name} is not a PDF, JPEG, PNG or Excel (.xlsx) file.`,
  filesTooLarge: (mb: number) => `The files are larger than ${mb} MB in all.`,
  replyTooLarge: "The reply with its files is too large to send.",
  cannotSend: "Replies cannot be sent from this desk: its mail settings are missing.",

  waitingTitle: "Waiting for us",
  waitingIntro: "Leads whose sender wrote last and is waiting for our answer, oldest first.",
  waitingCount: (n: number, estimated = false) => `${estimated ? "about " : ""}${n.toLocaleString("en")} ${n === 1 ? "lead waits" : "leads wait"}`,
  waitingCaption: "Leads waiting for us, longest first",
  nobodyWaiting: "Nobody is waiting for us.",
  columns: { from: "From", reference: "Reference", type: "Type", topic: "Subject or products", waiting: "Waiting", since: "Since", assignee: "Assignee" },
} as const;

/**
 * The words of a customer's page and the link to it from each lead's page (decision 0149). Who the
 * page is about is a "customer" from a contact message or a quote request, an "applicant" from a job
 * application.
 */
export const customerText = {
  who: (type: string) => (type === "career" ? "applicant" : "customer"),
  /** The link on a lead's page: how many leads the reader may see are this sender's (this one included). */
  link: (who: string, n: number, more = false) => `All leads from this ${who} (${more ? `more than ${n.toLocaleString("en")}` : n.toLocaleString("en")})`,
  title: (who: string, name: string) => `${who === "applicant" ? "Applicant" : "Customer"}: ${name}`,
  backToLead: (reference: string) => `Back to ${reference}`,
  intro: (who: string) =>
    `Every lead you may see from this ${who}'s e-mail address, any case, and from the same company's name, any case and spacing, newest first.`,
  nameLabel: "Name",
  emailLabel: "E-mail",
  companyLabel: "Company",
  noEmail: "none given",
  summaryHeading: "Summary",
  leadsLabel: "Leads",
  leadsCount: (n: number, more = false) => (more ? `the newest ${n.toLocaleString("en")} (there are more)` : n.toLocaleString("en")),
  byType: (counts: string) => ` (${counts})`,
  sentLabel: "Quotations sent",
  sentCount: (versions: number, requests: number) =>
    versions === 0
      ? "none"
      : `${versions.toLocaleString("en")} ${versions === 1 ? "version" : "versions"} on ${requests.toLocaleString("en")} ${requests === 1 ? "request" : "requests"}`,
  acceptedLabel: "Quotations accepted",
  acceptedCount: (requests: number) => (requests === 0 ? "none" : `${requests.toLocaleString("en")} ${requests === 1 ? "request" : "requests"}`),
  acceptedValueLabel: "Accepted value",
  acceptedValueNone: "none",
  leadsHeading: "Leads",
  tableCaption: "Leads from this sender, newest first",
  columns: { lead: "Lead", type: "Type", received: "Received", topic: "Subject or products", status: "Status", messages: "Messages", quotations: "Quotations" },
  sameCompany: (name: string, email: string) => `${name || "someone"} <${email || "no e-mail"}>, same company`,
  noQuotations: "none",
  quotation: (version: number, status: string, totals: string) => `v${version} ${status}${totals ? `: ${totals}` : ""}`,
  revisionOf: (version: number) => ` (revision of v${version})`,
} as const;

const article = (word: string) => (/^[aeiou]/i.test(word) ? "an" : "a");

/** A short duration: "45 min", "2 h", "3 days" (whole units, rounded down). */
export function shortDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

/**
 * First-response targets (decision 0153): where a lead stands against its due time, in the inbox's
 * list, on its page, in the digest and the reports, and the admin's settings page.
 */
export const dueText = {
  dueIn: (ms: number) => `due in ${shortDuration(ms)}`,
  overdueBy: (ms: number) => `overdue by ${shortDuration(ms)}`,
  /** On a lead's page. */
  label: "First reply due",
  answeredInTime: "answered in time",
  answeredLate: (ms: number) => `answered ${shortDuration(ms)} after it was due`,
  /** The reports. */
  breachHeading: "First replies after the due time",
  breachIntro: (targets: string) => `Of each week's leads answered so far, the share whose first reply went out after its due time (${targets}).`,
  breachCaption: "Share of first replies after the due time, per lead type and week",
  wholePeriod: (weeks: number) => `All ${weeks} weeks`,
  targetsSummary: (hours: Record<string, number>, labels: Record<string, string>) =>
    Object.entries(hours)
      .map(([type, h]) => `${labels[type] ?? type} ${h} working ${h === 1 ? "hour" : "hours"}`)
      .join(", "),
  /** A later reply (decision 0157): the sender wrote again after the desk's first reply. */
  nextDueIn: (ms: number) => `next reply due in ${shortDuration(ms)}`,
  nextOverdueBy: (ms: number) => `next reply overdue by ${shortDuration(ms)}`,
  nextLabel: "Next reply due",
  /** A lead snoozed with "Follow up on <date>" owes nothing until that day (decision 0157). */
  snoozedUntil: (day: string) => `follow up on ${day}: nothing owed until then`,
  laterBreachHeading: "Later replies after the due time",
  laterBreachIntro: (targets: string) =>
    `Of each week's later replies (a reply to a message the sender wrote after our first reply), the share that went out after its due time (${targets}).`,
  laterBreachCaption: "Share of later replies after the due time, per lead type and week",
  /** The settings page (admin). */
  settingsTitle: "Response targets",
  settingsIntro: (zone: string) =>
    `How soon each kind of lead should get its first reply, and a reply to each later message of its sender, in working hours. Only the working days and hours below count, in the desk's time zone (${zone}).`,
  firstLegend: "First reply",
  laterLegend: "Later replies",
  laterIntro: "When the sender writes again after our first reply, the next reply is due this many working hours after their message.",
  laterLabel: (type: string) => `Target for a later reply to ${article(type)} ${type}, in working hours`,
  badLaterHours: (type: string) => `The later-reply target for ${article(type)} ${type} must be a whole number of working hours from 1 to 200.`,
  daysLegend: "Working days",
  dayNames: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as readonly string[],
  startLabel: "Working day starts (HH:MM)",
  endLabel: "Working day ends (HH:MM)",
  hoursLabel: (type: string) => `Target for ${article(type)} ${type}, in working hours`,
  hoursHint: "A whole number from 1 to 200.",
  saveButton: "Save the targets",
  saved: "The response targets are saved.",
  noDay: "Choose at least one working day.",
  badTime: (label: string) => `${label}: enter a time as HH:MM, from 00:00 to 23:59.`,
  endBeforeStart: "The working day must end after it starts.",
  badHours: (type: string) => `The target for ${article(type)} ${type} must be a whole number of working hours from 1 to 200.`,
} as const;

/** "Follow up on <date>" (decision 0153): a lead snoozed out of "Waiting for us" until a day. */
export const followUpText = {
  heading: "Follow up",
  intro: "Out of Waiting for us until the day you choose; on that day (in the desk's time zone) it comes back there.",
  dateLabel: "Follow up on",
  setButton: "Set the follow-up date",
  clearButton: "Clear the follow-up date",
  none: "No follow-up date: the lead is in Waiting for us while the sender waits.",
  snoozed: (day: string) => `Follow up on ${day}: out of Waiting for us until then.`,
  badDate: "Enter the follow-up date as a date (YYYY-MM-DD).",
  notAfterToday: (today: string) => `The follow-up date must be after today (${today}).`,
  tooFar: (last: string) => `The follow-up date must be within a year (by ${last}).`,
} as const;

/** Quotations the buyer has not answered (decision 0158): in the inbox's list, on a lead's page and in the reply form. */
export const unansweredText = {
  marker: (label: string, days: number) => `Quotation ${label} unanswered for ${days} ${days === 1 ? "day" : "days"}`,
  heading: "Quotations not answered",
  intro: (days: number) =>
    `Sent at least ${days} ${days === 1 ? "day" : "days"} ago, with nothing from the buyer since and nothing from us for ${days} ${days === 1 ? "day" : "days"}: time to follow up. Each request's page suggests a follow-up reply.`,
  caption: "Quotations not answered, oldest first",
  columns: { quotation: "Quotation", buyer: "Buyer", unanswered: "Unanswered for", validUntil: "Valid until", assignee: "Assignee" },
  days: (days: number) => `${days} ${days === 1 ? "day" : "days"}`,
  nobody: "Nobody (yours to take)",
  more: (shown: number, total: number) => `The ${shown} oldest of ${total.toLocaleString("en")} are shown.`,
  /** The reply form of such a lead. */
  useSuggested: "Use the suggested follow-up",
  suggestedHint: "Adds a follow-up naming the quotation, its total and its validity to the text below: read it, change what you like and send it yourself.",
  noSuggestion: "Add a reply template that names {quotation} in the studio to get a suggested follow-up here.",
} as const;
