import { Link } from "react-router";
import { PageBanner } from "~/components/page-banner/page-banner";
import type { FormResultsContent } from "~/content/form-results";
import { usePages } from "~/content/pages";
import { site } from "~/content/site";
import type { MailForm } from "~/lib/contracts/form-endpoint";

// Where the server sends a visitor after a form posted without JavaScript (server/intake/native-posts.ts).

type FormWords<F extends MailForm> = FormResultsContent[F];

/**
 * A not-sent page's reason: the text of its problem among `texts` (the page's language's words, its
 * route's loader: the contact, career and quote forms); an unknown code reads as the failure message.
 */
export function problemText<P extends string>(codes: readonly P[], texts: Record<P, string>, problem: string | undefined): string {
  return texts[(codes as readonly string[]).includes(problem ?? "") ? (problem as P) : ("failed" as P)];
}

export const linkClass = "font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900";

/** Where a sent page sends the visitor on (the contact, career and quote forms' own lists). */
export function ResultLinks({ links }: { links: readonly { to: string; label: string }[] }) {
  return (
    <ul className="mt-6 flex flex-wrap gap-6">
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={linkClass}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** /contact/sent and /career/sent: the form's success message and where to go next, in the page's language (its loader's data). */
export function FormSentView({ form, sent }: { form: MailForm; sent: FormWords<MailForm>["sent"] }) {
  const pages = usePages();
  return (
    <>
      <PageBanner title={sent.heading} image={pages[form].bannerImage} />
      <section className="mx-auto max-w-3xl px-4 py-12 text-ink-900">
        <p className="flex items-center gap-2 text-xl font-semibold text-green-800">
          {form === "career" && (
            <span aria-hidden="true" className="inline-grid size-7 place-items-center rounded-full bg-green-800 text-white">
              ✓
            </span>
          )}
          <span>{sent.message}</span>
        </p>
        <p className="mt-4">{sent.text}</p>
        <ResultLinks links={sent.links} />
      </section>
    </>
  );
}

export type FormNotSentProps = { form: MailForm; notSent: Omit<FormWords<MailForm>["notSent"], "problems">; problem: string };

/** /{form}/not-sent/{problem}: what was wrong, and that going back keeps what was typed. */
/** What a not-sent page says under its banner (the contact, career and quote forms): the problem, that nothing typed is lost, and the address to write to. */
export function NotSentSection({ problem, keptNote, emailNote }: { problem: string; keptNote: string; emailNote: string }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 text-ink-900">
      <p className="text-xl font-semibold text-red-700">{problem}</p>
      <p className="mt-4">{keptNote}</p>
      <p className="mt-4">
        {emailNote}{" "}
        <a href={`mailto:${site.email}`} className={linkClass}>
          {site.email}
        </a>
        .
      </p>
    </section>
  );
}

/** `problem`: its text (problemText, the route's loader). */
export function FormNotSentView({ form, notSent, problem }: FormNotSentProps) {
  const pages = usePages();
  return (
    <>
      <PageBanner title={notSent.heading} image={pages[form].bannerImage} />
      <NotSentSection problem={problem} keptNote={notSent.keptNote} emailNote={notSent.emailNote} />
    </>
  );
}
