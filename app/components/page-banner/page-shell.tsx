import type { ReactNode } from "react";
import { type PageId, usePages } from "~/content/pages";
import { PageBanner } from "./page-banner";

export type PageShellProps = { page: PageId; children?: ReactNode };

/** A content page: its banner from content/pages, then its sections. */
export function PageShell({ page: id, children }: PageShellProps) {
  const page = usePages()[id];
  return (
    <>
      <PageBanner title={page.heading} breadcrumb={page.breadcrumb} titleLang={page.lang} image={page.bannerImage} />
      {children}
    </>
  );
}
