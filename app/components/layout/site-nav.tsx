import { useId, useRef, type KeyboardEvent } from "react";
import { Link, useLocation } from "react-router";
import { navigation } from "~/content/navigation";
import type { LinkItem, NavItem } from "~/content/navigation";
import { useHydrated, useOpenUntilNavigation } from "~/lib/use-hydrated";
import { isCurrentPath } from "./nav-links";

export type SiteNavProps = {
  /** 'bar' is the horizontal desktop menu, 'stacked' the mobile list. */
  variant: "bar" | "stacked";
  /** Colours for the transparent bar over the home hero. */
  onDark?: boolean;
  id?: string;
};

const linkBase =
  "block rounded px-3 py-2 text-sm font-semibold tracking-wide decoration-2 underline-offset-8 transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500";

function linkClass(current: boolean, onDark: boolean) {
  if (current) return `${linkBase} underline ${onDark ? "text-accent-300" : "text-brand-700"}`;
  return `${linkBase} ${onDark ? "text-white hover:text-accent-300" : "text-ink-800 hover:text-brand-700"}`;
}

function NavLinkItem({ item, onDark }: { item: LinkItem; onDark: boolean }) {
  const { pathname } = useLocation();
  const current = isCurrentPath(item.to, pathname);
  return (
    <Link to={item.to} aria-current={current ? "page" : undefined} className={linkClass(current, onDark)}>
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

function NavDropdown({ item, variant, onDark }: { item: NavGroupItem; variant: SiteNavProps["variant"]; onDark: boolean }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useOpenUntilNavigation(pathname);
  // Until hydration, CSS :hover/:focus-within opens the menu so it works without JavaScript.
  const enhanced = useHydrated();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = `${useId()}-${item.id}`;
  const childCurrent = item.children.some((c) => isCurrentPath(c.to, pathname));


  if (variant === "stacked") {
    return (
      <li>
        <span className={`${linkBase} ${childCurrent ? "text-brand-700 underline" : "text-ink-800"}`}>{item.label}</span>
        <ul className="ml-4 border-l border-ink-200 pl-2">
          <ChildLinks links={item.children} />
        </ul>
      </li>
    );
  }

  const links = () => Array.from(listRef.current?.querySelectorAll<HTMLAnchorElement>("a") ?? []);
  const focusLink = (index: number) => {
    const all = links();
    all[(index + all.length) % all.length]?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => focusLink(0));
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
      return;
    }
    const index = links().indexOf(document.activeElement as HTMLAnchorElement);
    if (index < 0) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      focusLink(index + (event.key === "ArrowDown" ? 1 : -1));
    }
  };

  return (
    // The list item only tracks hover and focus leaving the group; the button carries the semantics.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <li
      className="group relative"
      data-enhanced={enhanced || undefined}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={onKeyDown}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        aria-current={childCurrent ? "true" : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKeyDown}
        className={`${linkClass(childCurrent, onDark)} inline-flex items-center gap-1`}
      >
        {item.label}
        <svg viewBox="0 0 12 12" className="h-3 w-3" aria-hidden="true">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </button>
      <ul
        ref={listRef}
        id={listId}
        className={`absolute left-0 top-full z-50 min-w-52 rounded-md border border-ink-200 bg-white py-2 shadow-lg ${
          open ? "block" : "hidden group-[:not([data-enhanced])]:group-hover:block group-[:not([data-enhanced])]:group-focus-within:block"
        }`}
      >
        <ChildLinks links={item.children} />
      </ul>
    </li>
  );
}

/** The site menu from content/navigation, as a horizontal bar or a stacked list. */
export function SiteNav({ variant, onDark = false, id }: SiteNavProps) {
  const dark = variant === "bar" && onDark;
  return (
    <ul id={id} className={variant === "bar" ? "flex items-center gap-1" : "flex flex-col gap-1 py-2"}>
      {navigation.map((item) =>
        "children" in item ? (
          <NavDropdown key={item.label} item={item} variant={variant} onDark={dark} />
        ) : (
          <li key={item.to}>
            <NavLinkItem item={item} onDark={dark} />
          </li>
        ),
      )}
    </ul>
  );
}
