import { Link } from "react-router";
import { site } from "~/content/site";
import { useLocale } from "~/lib/locale";
import { langAttribute, useHomeSections } from "~/content/home-sections-context";

const linkClass = "font-semibold underline underline-offset-4 hover:text-accent-300 focus-visible:outline-3 focus-visible:outline-accent-300";

/** How to reach the head office, shown under the Get In Touch form for those who prefer mail or phone. */
export function GetInTouchInterim() {
  const { interimBefore, interimMiddle, interimLinkLabel, lang } = useHomeSections().getInTouch;
  const { localize } = useLocale();
  return (
    <div lang={langAttribute(lang)} className="mt-6 rounded-2xl bg-brand-900/85 p-6 text-center text-lg">
      <p>
        {interimBefore}{" "}
        <a href={`mailto:${site.email}`} className={linkClass}>
          {site.email}
        </a>{" "}
        {interimMiddle}{" "}
        <a href={`tel:${site.phoneHref}`} className={linkClass}>
          {site.phone}
        </a>
        .
      </p>
      <p className="mt-4">
        <Link to={localize("/contact")} className={linkClass}>
          {interimLinkLabel}
        </Link>
      </p>
    </div>
  );
}
