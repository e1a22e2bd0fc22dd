// What a form field or a query parameter may not hold (decision 0134): the characters no keyboard
// types and no browser form sends — NUL and the other C0 controls but tab, LF and CR; DEL; a lone
// UTF-16 surrogate (invalid Unicode). PostgreSQL refuses NUL in text outright, and the others are
// never a person's text, so they are refused at the edge with a reason instead of failing deeper.

// eslint-disable-next-line no-control-regex -- these controls are what is refused
const refused = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const refusedAll = new RegExp(refused.source, "g");

const codePoint = (c: string) => `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;

/** The first refused character of `text`, described ("a control character (U+0000)"), or undefined. */
export function refusedCharacter(text: string): string | undefined {
  const found = refused.exec(text)?.[0];
  if (found === undefined) return undefined;
  return /[\ud800-\udfff]/.test(found) ? `a lone surrogate (${codePoint(found)})` : `a control character (${codePoint(found)})`;
}

/** Text with each refused character shown as U+FFFD, as a page shows back what was typed. */
export const showRefused = (text: string) => text.replace(refusedAll, "\uFFFD");
