export type HtmlError = { page: string; line?: number; column?: number; message: string; extract?: string };
export type HtmlCheck = { pages: string[]; errors: HtmlError[]; cssMessages: number; ms: number };

export const vnuJar: string;
export function pageAddress(file: string): string;
export function checkPages(clientDir: string): Promise<HtmlCheck>;
export function describeHtmlError(error: HtmlError): string;
export function summarizeHtmlCheck(check: HtmlCheck): string;
