import { pagePaths } from "./page-paths";

// Which pages get which words of their fixed parts as the root's data (decision 0167), beside the
// interface words every page gets: the gallery's pages and the compliance page the catalogue's and
// certificates' words. (The job pages' words are the career routes' loader data, decision 0168.)
// Paths without their language prefix.

/** /gallery and every page under it (the catalogue, a family, a product), and the compliance page (the certificate records). */
export const isCataloguePath = (path: string) => path === pagePaths.gallery || path.startsWith(`${pagePaths.gallery}/`) || path === pagePaths.compliance;

/** The groups a path gets, as one key: moving to a page of another key fetches the root's data again. */
export const wordGroupsOf = (path: string) => (isCataloguePath(path) ? "catalogue" : "");
