/** The page's <title>: its own title, then the company, unless the title already names it. */
export function documentTitleOf(title: string, company: { shortName: string; tagline: string }): string {
  return title.startsWith(company.shortName) ? title : `${title} | ${company.shortName} - ${company.tagline}`;
}
