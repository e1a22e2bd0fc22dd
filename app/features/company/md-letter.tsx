import { RichText } from "~/components/rich-text/rich-text";
import type { CompanyPages } from "~/content/company-pages";

/**
 * /our-company/md: the Managing Director's message, set as a signed letter, in the language
 * `mdMessage.lang` says (decision 0170); the role is the team list's, in its own.
 */
export function MdLetter({ mdMessage }: { mdMessage: CompanyPages["mdMessage"] }) {
  const roleLang = mdMessage.roleLang ?? undefined;
  return (
    <section aria-labelledby="md-heading" lang={mdMessage.lang ?? undefined} className="mx-auto max-w-4xl px-4 py-12 md:py-16">
      <h2 id="md-heading" className="text-2xl font-bold tracking-tight text-brand-900 md:text-3xl">
        {mdMessage.heading}
      </h2>
      <div className="mt-8 flex flex-col gap-8 md:flex-row">
        <figure className="shrink-0 text-center md:w-48">
          <img
            src={mdMessage.portrait}
            alt={mdMessage.portraitAlt}
            width={160}
            height={160}
            loading="lazy"
            decoding="async"
            className="mx-auto size-40 rounded-full ring-4 ring-brand-100"
          />
          <figcaption className="mt-3">
            <span className="block font-bold text-ink-900">{mdMessage.name}</span>
            <span lang={roleLang} className="text-sm text-ink-700">
              {mdMessage.role}
            </span>
          </figcaption>
        </figure>
        <blockquote className="border-l-4 border-accent-500 pl-6 text-lg leading-relaxed text-ink-800">
          <p className="font-semibold">{mdMessage.greeting}</p>
          <RichText nodes={mdMessage.message} classNames={{ p: "mt-4" }} />
          <footer className="mt-6">
            <p>{mdMessage.signOff}</p>
            <p className="mt-1 font-bold text-brand-900">{mdMessage.name}</p>
            <p lang={roleLang} className="text-ink-700">
              {mdMessage.role}
            </p>
          </footer>
        </blockquote>
      </div>
    </section>
  );
}
