/** A link is current on its own path; '/' only on the home page. Trailing slashes are ignored. */
export function isCurrentPath(to: string, pathname: string): boolean {
  const clean = (p: string) => (p.length > 1 ? p.replace(/\/+$/, "") : p);
  return clean(to) === clean(pathname);
}
