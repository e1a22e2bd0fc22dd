import type { StaffRole } from "../roles";

/**
 * The staff desk's own words, in one table (decision 0050): the tool's interface, English only,
 * not the company's published content, so not in the studio. Pages take their text from here.
 */
/** What a new password must be, in one sentence (the invitation's hint, the command line's prompt). */
const passwordRule = (min: number, max: number) => `${min} to ${max} characters, hard to guess: four or more words that do not belong together will do.`;

export const staffText = {
  appName: "SSL staff desk",
  skipLink: "Skip to main content",
  signOut: "Sign out",
  errorTitlePrefix: "Error:",
  problemsTitle: "There is a problem",
  nav: { label: "Staff desk", inbox: "Inbox", studio: "Content studio", accounts: "Accounts", audit: "Audit log", password: "My password" },
  signIn: {
    title: "Sign in",
    intro: "Sign in with the e-mail address and password of your staff account.",
    email: "E-mail address",
    password: "Password",
    submit: "Sign in",
    wrong: "The e-mail address or password is not right.",
    disabled: "This account is disabled. Ask an administrator.",
    missingEmail: "Enter your e-mail address.",
    missingPassword: "Enter your password.",
    throttled: (minutes: number) => `Too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    signedOut: "You are signed out.",
    expired: "Sign in to continue.",
  },
  home: { title: "Staff desk", welcome: (name: string) => `Signed in as ${name}.` },
  forbidden: { title: "Not allowed", body: "Your account’s role does not give access to this page.", back: "Back to the staff desk" },
  csrf: { title: "Request refused", body: "This change did not come from a staff desk page. Go back, reload the page and try again." },
  password: {
    title: "My password",
    current: "Current password",
    next: "New password",
    rule: passwordRule,
    hint: (min: number, max: number) => `${passwordRule(min, max)} Other sessions of this account are signed out.`,
    submit: "Change password",
    wrongCurrent: "The current password is not right.",
    tooShort: (n: number) => `The new password must have at least ${n} characters.`,
    tooLong: (n: number, length: number) => `The new password must have at most ${n} characters (this one has ${length}).`,
    /** zxcvbn's warning and suggestions (English), then what would do. */
    tooWeak: (warning: string | null, suggestions: readonly string[]) =>
      ["The new password is too easy to guess.", warning, ...suggestions, "Four or more words that do not belong together would do, or a longer mix of words, numbers and signs."]
        .filter(Boolean)
        .join(" "),
    changed: "Your password is changed. Your other sessions are signed out.",
  },
  accounts: {
    title: "Accounts",
    caption: "Staff accounts",
    empty: "No accounts yet.",
    name: "Name",
    email: "E-mail address",
    role: "Role",
    state: "State",
    active: "Active",
    disabled: "Disabled",
    actions: "Actions",
    invite: "Invite a colleague",
    inviteHint: "Give them this password in person or by phone; they change it under My password.",
    initialPassword: "Initial password",
    create: "Create account",
    setRole: "Change role",
    disable: "Disable",
    enable: "Enable",
    resetPassword: "Set a new password",
    newPassword: "New password",
    revokeSessions: "Sign out everywhere",
    missingName: "Enter the person’s name.",
    badEmail: "Enter an e-mail address such as name@example.com.",
    taken: "An account with this e-mail address already exists.",
    badRole: "Choose a role.",
    notSelf: "You cannot disable your own account or change your own role.",
    created: (email: string) => `Account created for ${email}.`,
    roleChanged: (email: string, role: string) => `${email} is now ${role}.`,
    disabledDone: (email: string) => `${email} is disabled and signed out everywhere.`,
    enabledDone: (email: string) => `${email} can sign in again.`,
    passwordDone: (email: string) => `${email} has a new password and is signed out everywhere.`,
    revokedDone: (email: string) => `${email} is signed out everywhere.`,
    unknown: "That account does not exist.",
  },
  audit: {
    title: "Audit log",
    caption: "Audit entries, newest first",
    empty: "No entries match.",
    when: "When",
    who: "Who",
    what: "What",
    target: "On",
    detail: "Detail",
    action: "Action",
    anyAction: "Any action",
    search: "E-mail or target contains",
    from: "From (date)",
    to: "To (date, inclusive)",
    filter: "Filter",
    reset: "Clear filters",
    older: "Older entries",
    readOnly: "The audit log can be read here; nobody can change it.",
  },
  firstAccount: {
    title: "No staff account yet",
    body: "This machine is let in because no staff account exists yet. Create the first administrator on the server:",
    after: "Once an account exists, everyone signs in at /staff, this machine included.",
  },
  retired: "STUDIO_PASSWORD is no longer read: the content studio needs a staff account (editor or admin). Create one with npm run staff:add -- --email you@example.com --role admin and remove STUDIO_PASSWORD.",
} as const;

export const roleLabels: Record<StaffRole, string> = { admin: "Administrator", sales: "Sales", hr: "HR", editor: "Editor" };

/** The command that makes the first administrator, shown wherever it is needed. */
export const firstAccountCommand = "npm run staff:add -- --email you@example.com --name \"Your Name\" --role admin";
