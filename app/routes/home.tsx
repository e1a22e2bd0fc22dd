import { pages } from "~/content/pages";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta(pages.home);

export default function HomePage() {
  return (
    <section className="relative isolate flex min-h-[70vh] items-center bg-brand-900 px-4 pb-16 pt-32 text-white">
      <div className="mx-auto max-w-7xl">
        <p className="text-sm font-semibold uppercase tracking-widest text-accent-300">{site.tagline}</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight md:text-6xl">{pages.home.heading}</h1>
      </div>
    </section>
  );
}
