import { useRef, type KeyboardEvent } from "react";
import { Link } from "react-router";
import type { LinkItem, NavItem } from "~/content/navigation";
import { useMessages } from "~/content/messages";
import { localeAt } from "~/lib/locale";
import { isCurrentPath, isWithinPath } from "./nav-links";
import { useCloseOnRouteChange } from "./use-close-on-route-change";
import { useShownPathname } from "./use-shown-pathname";

export type SiteNavProps = {
  /** 'bar' is the horizontal desktop menu, 'stacked' the mobile list. */
  variant: "bar" | "stacked";
  /** Colours for the transparent bar over the home hero. */
  onDark?: boolean;
  id?: string;
};

const linkBase =
  "block rounded px-3 py-2 text-sm font-semibold tracking-wide decoration-2 underline-offset-8 transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500";

// Eight top-level items share the bar from 768 px: narrower and smaller there, so every one stays
// on screen (a long label wraps onto a second line inside the bar rather than off the screen), in
// every language (decision 0160: the French and Spanish words are longer than the English ones).
const barFit = "md:max-lg:px-1 md:max-lg:text-xs md:max-lg:tracking-normal lg:max-xl:px-1.5 md:max-xl:underline-offset-4";

function linkClass(current: boolean, onDark: boolean) {
  if (current) return `${linkBase} underline ${onDark ? "text-accent-300" : "text-brand-700"}`;
  return `${linkBase} ${onDark ? "text-white hover:text-accent-300" : "text-ink-800 hover:text-brand-700"}`;
}

function NavLinkItem({ item, onDark, className = "" }: { item: LinkItem; onDark: boolean; className?: string }) {
  // The menu's paths are the default language's; the page's language keeps its links in it (decision 0160).
  const { path: pathname, localize } = localeAt(useShownPathname());
  // "page" on its own path; "true" on the pages below it (a job under CAREER, an item under its family).
  const current = isCurrentPath(item.to, pathname) ? "page" : isWithinPath(item.to, pathname) ? "true" : undefined;
  return (
    <Link to={localize(item.to)} aria-current={current} lang={item.lang} className={`${linkClass(current !== undefined, onDark)} ${className}`}>
      {item.label}
    </Link>
  );
}

function ChildLinks({ links }: { links: LinkItem[] }) {
  return links.map((child) => (
    <li key={child.to}>
      <NavLinkItem item={child} onDark={false} />
    </li>
  ));
}

type NavGroupItem = Extract<NavItem, { children: LinkItem[] }>;

/**
 * The drop-down is a native <details>: click, Enter and Space open it with or without JavaScript,
 * the browser exposes its expanded state, and hydration keeps it as the visitor left it (React
 * never renders `open`). CSS opens it on hover (`hover-disclosure` in app.css). The script adds the
 * menu keys: ArrowDown opens and enters, arrows move, Escape closes and returns focus; it closes
 * the drop-down when the mouse or the focus leaves it and after navigation.
 */
function NavDropdown({ item, variant, onDark }: { item: NavGroupItem; variant: SiteNavProps["variant"]; onDark: boolean }) {
  const pathname = localeAt(useShownPathname()).path;
  const ref = useRef<HTMLDetailsElement>(null);
  // The group is current on any of its pages and the pages below them (a gallery item is in its family).
  const childCurrent = item.children.some((c) => isWithinPath(c.to, pathname));
  useCloseOnRouteChange(ref);

  if (variant === "stacked") {
    return (
      <li>
        <span lang={item.lang} className={`${linkBase} ${childCurrent ? "text-brand-700 underline" : "text-ink-800"}`}>
          {item.label}
        </span>
        <ul className="ml-4 border-l border-ink-200 pl-2">
          <ChildLinks links={item.children} />
        </ul>
      </li>
    );
  }

  const links = () => Array.from(ref.current?.querySelectorAll<HTMLAnchorElement>("ul a") ?? []);
  const focusLink = (index: number) => {
    const all = links();
    all[(index + all.length) % all.length]?.focus();
  };
  const close = () => ref.current?.removeAttribute("open");

  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    const details = event.currentTarget;
    if (event.key === "Escape" && details.open) {
      event.preventDefault();
      close();
      details.querySelector("summary")?.focus();
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const index = links().indexOf(document.activeElement as HTMLAnchorElement);
    if (index < 0 && event.key === "ArrowUp") return;
    event.preventDefault();
    details.open = true;
    focusLink(index < 0 ? 0 : index + (event.key === "ArrowDown" ? 1 : -1));
  };

  return (
    <li className="relative">
      {/* The <details> only hears keys, hover and focus bubbling from its own summary and links. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <details
        ref={ref}
        suppressHydrationWarning
        className="hover-disclosure group/dropdown"
        onKeyDown={onKeyDown}
        onMouseLeave={close}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) close();
        }}
      >
        <summary
          aria-current={childCurrent ? "true" : undefined}
          lang={item.lang}
          className={`${linkClass(childCurrent, onDark)} ${barFit} inline-flex cursor-pointer list-none items-center gap-1 [&::-webkit-details-marker]:hidden`}
        >
          {item.label}
          <svg viewBox="0 0 12 12" className="h-3 w-3 transition-transform group-open/dropdown:rotate-180" aria-hidden="true">
            <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
          </svg>
        </summary>
        <ul className="absolute left-0 top-full z-50 min-w-52 rounded-md border border-ink-200 bg-white py-2 shadow-lg">
          <ChildLinks links={item.children} />
        </ul>
      </details>
    </li>
  );
}

/** The site menu from content/navigation, in the page's language (decision 0160), as a horizontal bar or a stacked list. */
export function SiteNav({ variant, onDark = false, id }: SiteNavProps) {
  const dark = variant === "bar" && onDark;
  const navigation: NavItem[] = useMessages().navigation.menu;
  return (
    <ul id={id} className={variant === "bar" ? "flex items-center gap-1 md:max-lg:gap-0" : "flex flex-col gap-1 py-2"}>
      {navigation.map((item) =>
        "children" in item ? (
          <NavDropdown key={item.label} item={item} variant={variant} onDark={dark} />
        ) : (
          <li key={item.to}>
            <NavLinkItem item={item} onDark={dark} className={variant === "bar" ? barFit : ""} />
          </li>
        ),
      )}
    </ul>
  );
}
