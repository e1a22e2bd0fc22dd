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
  studio: "/keystatic",
} as const;
