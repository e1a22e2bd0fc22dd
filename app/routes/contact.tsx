import { MapFacade } from "~/components/map-facade/map-facade";
import { PageShell } from "~/components/page-banner/page-shell";
import { contact } from "~/content/contact";
import { site } from "~/content/site";
import { ContactForm } from "~/features/forms";
import { type MetaArgs, pageMeta } from "~/lib/seo";

export const meta = (args: MetaArgs) => pageMeta("contact", args);

export default function ContactPage() {
  return (
    <PageShell page="contact">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 lg:grid-cols-2">
        <section aria-labelledby="contact-details" className="space-y-6">
          <h2 id="contact-details" className="text-2xl font-bold text-brand-800">
            {contact.detailsHeading}
          </h2>
          <dl className="grid gap-4 text-ink-900 sm:grid-cols-[auto_1fr] sm:gap-x-6">
            <dt className="font-semibold">{contact.addressLabel}</dt>
            <dd>
              <address className="not-italic">{site.headOffice.address}</address>
            </dd>
            <dt className="font-semibold">{contact.emailLabel}</dt>
            <dd>
              <a href={`mailto:${site.email}`} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
                {site.email}
              </a>
            </dd>
            <dt className="font-semibold">{contact.phoneLabel}</dt>
            <dd>
              <a href={`tel:${site.phoneHref}`} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
                {site.phone}
              </a>
            </dd>
          </dl>
          <MapFacade {...contact.map} />
        </section>
        <ContactForm headingLevel={2} />
      </div>
    </PageShell>
  );
}
