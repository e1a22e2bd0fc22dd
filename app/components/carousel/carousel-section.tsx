import { Carousel, type CarouselProps } from "~/components/carousel/carousel";

export type CarouselSectionProps<T> = Omit<CarouselProps<T>, "label" | "className"> & {
  headingId: string;
  /** The section's h2, which also names the carousel region. */
  heading: string;
  intro: string;
  /** The heading's and intro's language where it is not the surrounding one's (decision 0169); the slides say their own. */
  lang?: string;
};

/** A page section made of a heading, a short introduction and one carousel. */
export function CarouselSection<T>({ headingId, heading, intro, lang, ...carousel }: CarouselSectionProps<T>) {
  return (
    <section className="bg-white px-4 py-16">
      <div className="mx-auto max-w-7xl">
        <h2 id={headingId} lang={lang} className="text-3xl font-extrabold text-brand-800">
          {heading}
        </h2>
        <p className="mt-2 text-ink-700" lang={lang}>
          {intro}
        </p>
        <Carousel className="mt-8" label={heading} {...carousel} />
      </div>
    </section>
  );
}
