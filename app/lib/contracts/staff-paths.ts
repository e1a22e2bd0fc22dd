/** The staff desk's URLs, in one place for the routes, the guard and the nav. */
export const staffPaths = {
  home: "/staff",
  signIn: "/staff/sign-in",
  signOut: "/staff/sign-out",
  password: "/staff/password",
  accounts: "/staff/accounts",
  audit: "/staff/audit",
  /** The inbox (h28-inbox). */
  leads: "/staff/leads",
  /** The quotations pipeline (decision 0115): sales and admins. */
  quotations: "/staff/quotations",
  /** The content history (decision 0096): every studio save, its diff, Restore. */
  history: "/staff/history",
  /** Changes to publish (decision 0159): drafted entries, publish now or at a time, approvals. Editors and admins. */
  publish: "/staff/publish",
  /** What the content lacks, per product and certificate (decision 0150): editors and admins. */
  contentGaps: "/staff/content-gaps",
  translations: "/staff/translations",
  /** Every keyboard shortcut, and turning the single-key ones off (decision 0154): any member of staff. */
  shortcuts: "/staff/shortcuts",
  studio: "/keystatic",
} as const;
