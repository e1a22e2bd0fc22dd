import type { ReactNode } from "react";
import type { Page } from "~/content/pages";
import { PageBanner } from "./page-banner";

export type PageShellProps = { page: Page; children?: ReactNode };

/** A content page: its banner from content/pages, then its sections. */
export function PageShell({ page, children }: PageShellProps) {
  return (
    <>
      <PageBanner title={page.heading} breadcrumb={page.breadcrumb} image={page.bannerImage} />
      {children}
    </>
  );
}
