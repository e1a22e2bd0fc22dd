/** @jsxImportSource hono/jsx */
import type { Child } from "hono/jsx";
import { staffPaths } from "../../../app/lib/contracts/staff-paths";
import type { StaffRole, StaffUser } from "../roles";
import { shortcutsScript } from "./shortcuts-script";
import { staffCssPath } from "./styles";
import { roleLabels, staffText } from "./text";

/** A link in the header, shown only to the roles that may open it (the page checks again on the server). */
export type NavItem = { href: string; label: string; roles: readonly StaffRole[]; shortcut?: string };

export const staffNav: NavItem[] = [
  { href: staffPaths.leads, label: staffText.nav.inbox, roles: ["admin", "sales", "hr"], shortcut: "i" },
  { href: "/staff/reports", label: "Reports", roles: ["admin", "sales"] },
  { href: staffPaths.quotations, label: staffText.nav.quotations, roles: ["admin", "sales"] },
  { href: staffPaths.studio, label: staffText.nav.studio, roles: ["admin", "editor"] },
  { href: staffPaths.publish, label: staffText.nav.publish, roles: ["admin", "editor"] },
  { href: staffPaths.history, label: staffText.nav.history, roles: ["admin", "editor"] },
  { href: staffPaths.contentGaps, label: staffText.nav.contentGaps, roles: ["admin", "editor"] },
  { href: staffPaths.translations, label: staffText.nav.translations, roles: ["admin", "editor"] },
  { href: staffPaths.accounts, label: staffText.nav.accounts, roles: ["admin"] },
  { href: staffPaths.audit, label: staffText.nav.audit, roles: ["admin"] },
  { href: "/staff/settings/response-targets", label: "Response targets", roles: ["admin"] },
  { href: "/staff/settings/quotation-follow-up", label: staffText.nav.quotationFollowUp, roles: ["admin"] },
  { href: staffPaths.password, label: staffText.nav.password, roles: ["admin", "sales", "hr", "editor"] },
];

export function navFor(role: StaffRole): NavItem[] {
  return staffNav.filter((item) => item.roles.includes(role));
}

export type StaffPageOptions = {
  /** The page's <h1> and the start of its <title>. */
  title: string;
  /** Signed in: the header shows the nav for the role and Sign out. Absent: the sign-in and error pages. */
  staff?: StaffUser | null;
  body: Child;
  /** The path of this page: its nav link gets aria-current="page". */
  current?: string;
  /** A confirmation after a change (shown in a status region). */
  notice?: string;
  /** Problems with what was sent: an error summary linking to each field (`#<fieldId>`). */
  problems?: readonly Problem[];
};

export type Problem = { fieldId?: string; message: string };

/**
 * Every staff page: skip link, header (nav allowed for the role, who is signed in, Sign out), one main
 * landmark, for a signed-in member a footer linking the keyboard shortcuts and, when they have them
 * on, the shortcuts' script (decision 0154).
 */
export function staffPage({ title, staff, body, current, notice, problems }: StaffPageOptions) {
  const page = (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="same-origin" />
        <title>
          {problems?.length ? `${staffText.errorTitlePrefix} ${title}` : title} · {staffText.appName}
        </title>
        <link rel="stylesheet" href={staffCssPath} />
      </head>
      <body>
        <a class="skip" href="#main">
          {staffText.skipLink}
        </a>
        <header class="site-header">
          <p class="brand">{staffText.appName}</p>
          {staff ? (
            <>
              <nav class="site-nav" aria-label={staffText.nav.label}>
                <ul>
                  {navFor(staff.role).map((item) => (
                    <li>
                      {/* eslint-disable-next-line jsx-a11y/no-access-key -- the desk's shortcuts without script, listed on /staff/shortcuts (decision 0154) */}
                      <a href={item.href} aria-current={item.href === current ? "page" : undefined} accesskey={item.shortcut}>
                        {item.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
              <form class="who" method="post" action={staffPaths.signOut}>
                <span>
                  {staff.name || staff.email} ({roleLabels[staff.role]})
                </span>
                <button class="button" type="submit">
                  {staffText.signOut}
                </button>
              </form>
            </>
          ) : null}
        </header>
        <main id="main" tabindex={-1}>
          <h1>{title}</h1>
          {problems?.length ? <ErrorSummary problems={problems} /> : null}
          {notice ? (
            <p class="notice" role="status">
              {notice}
            </p>
          ) : null}
          {body}
        </main>
        {staff ? (
          <footer class="site-footer">
            {/* eslint-disable-next-line jsx-a11y/no-access-key -- the desk's shortcuts without script, listed on /staff/shortcuts (decision 0154) */}
            <a href={staffPaths.shortcuts} accesskey="h">
              {staffText.shortcuts.link}
            </a>
          </footer>
        ) : null}
        {/* The one script a desk page may run, for a member with the shortcuts on; the CSP allows it by its hash (decision 0154). */}
        {staff?.shortcuts ? <script dangerouslySetInnerHTML={{ __html: shortcutsScript }} /> : null}
      </body>
    </html>
  );
  return `<!doctype html>${page}`;
}

function ErrorSummary({ problems }: { problems: readonly Problem[] }) {
  return (
    <div class="problems" role="alert" aria-labelledby="problems-title">
      <h2 id="problems-title">{staffText.problemsTitle}</h2>
      <ul>
        {problems.map((problem) => (
          <li>{problem.fieldId ? <a href={`#${problem.fieldId}`}>{problem.message}</a> : problem.message}</li>
        ))}
      </ul>
    </div>
  );
}
