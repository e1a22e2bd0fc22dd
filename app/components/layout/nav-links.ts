/** A link is current on its own path; '/' only on the home page. Trailing slashes are ignored. */
export function isCurrentPath(to: string, pathname: string): boolean {
  const clean = (p: string) => (p.length > 1 ? p.replace(/\/+$/, "") : p);
  return clean(to) === clean(pathname);
}

/** True on the link's own path and on the pages below it (/gallery/men/tshirt is within /gallery/men). */
export function isWithinPath(to: string, pathname: string): boolean {
  const clean = (p: string) => (p.length > 1 ? p.replace(/\/+$/, "") : p);
  return isCurrentPath(to, pathname) || (to !== "/" && clean(pathname).startsWith(`${clean(to)}/`));
}
