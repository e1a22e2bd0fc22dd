import { Fragment, type ReactNode } from "react";
import type { LocalizedPrivacy } from "~/content/privacies";
import { site } from "~/content/site";

export type PrivacyNoticeProps = {
  /** The notice in the page's language, or the English one marked with its `lang` (decision 0168). */
  privacy: LocalizedPrivacy;
  /** Whether this build has analytics (VITE_GA_MEASUREMENT_ID): which of the two texts is true. */
  analyticsUsed: boolean;
  /** The controls that change the analytics choice (the route gives them once they can work). */
  analyticsChoice?: ReactNode;
};

const linkClass =
  "font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500 rounded";

/** A paragraph's text with the company's e-mail address as a mail link wherever it appears. */
function withMailLinks(text: string): ReactNode {
  const parts = text.split(site.email);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && (
        <a className={linkClass} href={`mailto:${site.email}`}>
          {site.email}
        </a>
      )}
    </Fragment>
  ));
}

function Paragraphs({ texts, className = "mt-3" }: { texts: readonly string[]; className?: string }) {
  return texts.map((text) => (
    <p key={text} className={className}>
      {withMailLinks(text)}
    </p>
  ));
}

function Part({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-12">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-brand-900 md:text-3xl">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/**
 * /privacy: what each form collects (its fields as the form names them), why, who receives it and
 * how long it is kept; analytics; what stays on the device; how to have a copy or deletion. Every
 * word is content/privacy.yaml's; the lists of fields and the days applications are kept come
 * from the build (app/content/reader/privacy.server.ts), so they follow the forms and the setting.
 */
export function PrivacyNotice({ privacy, analyticsUsed, analyticsChoice }: PrivacyNoticeProps) {
  const { labels } = privacy;
  return (
    <div lang={privacy.lang ?? undefined} className="mx-auto max-w-3xl px-4 py-12 text-ink-800 md:py-16">
      <div className="text-lg">
        <Paragraphs texts={privacy.intro} />
      </div>
      <p className="mt-4 text-sm text-ink-700">{privacy.updatedLine}</p>

      <Part id="privacy-forms" heading={privacy.formsHeading}>
        <Paragraphs texts={privacy.formsIntro} />
        {privacy.forms.map((form) => (
          <section key={form.form} aria-labelledby={`privacy-${form.form}`} className="mt-8 rounded-lg bg-brand-50 p-5 md:p-6">
            <h3 id={`privacy-${form.form}`} className="text-xl font-bold text-brand-900">
              {form.heading}
            </h3>
            <dl className="mt-3">
              <dt className="mt-3 font-semibold text-ink-900">{labels.fields}</dt>
              {/* A translated notice lists the quote form's labels in their own (English) language, content/quote.yaml's. */}
              <dd lang={form.form === "quote" ? (privacy.quoteFieldsLang ?? undefined) : undefined}>
                <ul className="mt-1 list-disc pl-6">
                  {form.fields.map((field) => (
                    <li key={field}>{field}</li>
                  ))}
                </ul>
              </dd>
              <dt className="mt-4 font-semibold text-ink-900">{labels.purpose}</dt>
              <dd>
                <Paragraphs texts={form.purpose} className="mt-1" />
              </dd>
              <dt className="mt-4 font-semibold text-ink-900">{labels.recipients}</dt>
              <dd>
                <Paragraphs texts={form.recipients} className="mt-1" />
              </dd>
              <dt className="mt-4 font-semibold text-ink-900">{labels.kept}</dt>
              <dd>
                <Paragraphs texts={form.kept} className="mt-1" />
              </dd>
            </dl>
          </section>
        ))}
      </Part>

      <Part id="privacy-analytics" heading={privacy.analytics.heading}>
        {analyticsUsed ? (
          <>
            <Paragraphs texts={privacy.analytics.used} />
            <Paragraphs texts={privacy.analytics.change} />
            {analyticsChoice}
          </>
        ) : (
          <Paragraphs texts={privacy.analytics.notUsed} />
        )}
      </Part>

      <Part id="privacy-device" heading={privacy.device.heading}>
        <Paragraphs texts={privacy.device.text} />
      </Part>

      <Part id="privacy-rights" heading={privacy.rights.heading}>
        <Paragraphs texts={privacy.rights.text} />
      </Part>
    </div>
  );
}
