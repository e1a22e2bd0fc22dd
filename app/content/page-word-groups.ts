import { pagePaths } from "./page-paths";

// Which pages get which words of their fixed parts as the root's data (decision 0167), beside the
// interface words every page gets: the career pages the job pages' words, the gallery's pages and
// the compliance page the catalogue's and certificates' words. Paths without their language prefix.

/** /career, a job's page and its apply page (and the career form's result pages). */
export const isCareerPath = (path: string) => path === pagePaths.career || path.startsWith(`${pagePaths.career}/`);

/** /gallery and every page under it (the catalogue, a family, a product), and the compliance page (the certificate records). */
export const isCataloguePath = (path: string) => path === pagePaths.gallery || path.startsWith(`${pagePaths.gallery}/`) || path === pagePaths.compliance;

/** The groups a path gets, as one key: moving to a page of another key fetches the root's data again. */
export const wordGroupsOf = (path: string) => `${isCareerPath(path) ? "jobs" : ""}|${isCataloguePath(path) ? "catalogue" : ""}`;
