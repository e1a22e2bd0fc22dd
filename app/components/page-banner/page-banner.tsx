import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { JsonLd } from "~/components/json-ld/json-ld";
import { labels } from "~/content/labels";
import { type BreadcrumbStep, breadcrumbJsonLd } from "~/lib/json-ld";

export type PageBannerProps = {
  title: string;
  /** Last breadcrumb step; defaults to the title. */
  breadcrumb?: string;
  /** Steps between Home and this page, e.g. Career on a job page. */
  parents?: BreadcrumbStep[];
  image: string;
  /** Optional media (e.g. a video) drawn over the image. */
  children?: ReactNode;
};

/** Page header: background image, the page's h1 and the breadcrumb 'Home / {parents…} / {title}'. */
export function PageBanner({ title, breadcrumb = title, parents = [], image, children }: PageBannerProps) {
  const { pathname } = useLocation();
  const linkClass = "underline underline-offset-4 hover:text-accent-300 focus-visible:outline-3 focus-visible:outline-accent-300";
  return (
    <section className="relative isolate overflow-hidden bg-brand-900 pb-12 pt-16 text-white md:pt-20">
      <JsonLd data={breadcrumbJsonLd([{ name: labels.breadcrumbHome, path: "/" }, ...parents, { name: breadcrumb, path: pathname.replace(/%26/gi, "&") }])} />
      <img
        src={image}
        alt=""
        width={1600}
        height={400}
        fetchPriority="high"
        decoding="async"
        className="absolute inset-0 -z-10 h-full w-full object-cover opacity-60"
      />
      {children}
      <div className="mx-auto max-w-7xl px-4">
        <h1 className="text-3xl font-extrabold tracking-tight drop-shadow md:text-5xl">{title}</h1>
        <nav aria-label={labels.breadcrumbName} className="mt-3">
          <ol className="flex flex-wrap items-center gap-2 text-sm font-medium">
            <li>
              <Link to="/" className={linkClass}>
                {labels.breadcrumbHome}
              </Link>
            </li>
            <li aria-hidden="true">/</li>
            {parents.flatMap((step) => [
              <li key={step.path}>
                <Link to={step.path} className={linkClass}>
                  {step.name}
                </Link>
              </li>,
              <li key={`${step.path}/`} aria-hidden="true">
                /
              </li>,
            ])}
            <li aria-current="page">{breadcrumb}</li>
          </ol>
        </nav>
      </div>
    </section>
  );
}
