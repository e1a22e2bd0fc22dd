import { Link } from "react-router";
import { labels } from "~/content/labels";

export type OopsPageProps = { details?: string };

/** Shown for unknown routes (404.html) and by the root error boundary. */
export function OopsPage({ details }: OopsPageProps) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 pb-24 pt-36 text-center">
      <h1 className="text-5xl font-extrabold text-brand-800">{labels.oops.heading}</h1>
      <p className="mt-4 text-lg text-ink-800">{labels.oops.message}</p>
      {details ? <p className="mt-2 text-sm text-ink-700">{details}</p> : null}
      <Link
        to="/"
        className="mt-8 rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500"
      >
        {labels.oops.goHome}
      </Link>
    </section>
  );
}
