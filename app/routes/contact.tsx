import { MapFacade } from "~/components/map-facade/map-facade";
import { PageShell } from "~/components/page-banner/page-shell";
import { contact } from "~/content/contact";
import { useMessages } from "~/content/messages";
import { offices } from "~/content/offices";
import { site } from "~/content/site";
import { ContactForm } from "~/features/forms";
import { type MetaArgs, pageMeta } from "~/lib/seo";

export const meta = (args: MetaArgs) => pageMeta("contact", args);

export default function ContactPage() {
  // The page's words in its language (decision 0167: content/contact/<code>.yaml, or the English words
  // marked as such); the map's addresses and picture are the English entry's. The head office's
  // address names its country in the page's language where it has it (decision 0181), else in English, marked.
  const { contact: words, site: siteWords } = useMessages();
  const lang = words.lang ?? undefined;
  const headOffice = siteWords.officeCountries[offices.findIndex((o) => o.isHeadOffice)]!;
  return (
    <PageShell page="contact">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 lg:grid-cols-2">
        <section aria-labelledby="contact-details" className="space-y-6">
          <h2 id="contact-details" lang={lang} className="text-2xl font-bold text-brand-800">
            {words.detailsHeading}
          </h2>
          <dl className="grid gap-4 text-ink-900 sm:grid-cols-[auto_1fr] sm:gap-x-6">
            <dt lang={lang} className="font-semibold">
              {words.addressLabel}
            </dt>
            <dd>
              <address className="not-italic">
                {site.headOffice.street}, <span lang={headOffice.lang ?? undefined}>{headOffice.country}</span>
              </address>
            </dd>
            <dt lang={lang} className="font-semibold">
              {words.emailLabel}
            </dt>
            <dd>
              <a href={`mailto:${site.email}`} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
                {site.email}
              </a>
            </dd>
            <dt lang={lang} className="font-semibold">
              {words.phoneLabel}
            </dt>
            <dd>
              <a href={`tel:${site.phoneHref}`} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
                {site.phone}
              </a>
            </dd>
          </dl>
          <MapFacade {...contact.map} {...words.map} lang={lang} />
        </section>
        <ContactForm headingLevel={2} />
      </div>
    </PageShell>
  );
}
