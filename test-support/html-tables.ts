import { Window } from "happy-dom";

/** A table of a served page by its caption, as text: each row's cells, the header row first. */
export function tableByCaption(html: string, caption: string): string[][] {
  const window = new Window();
  window.document.write(html);
  const table = [...window.document.querySelectorAll("table")].find((t) => t.querySelector("caption")?.textContent === caption);
  if (!table) throw new Error(`no table "${caption}"`);
  return [...table.querySelectorAll("tr")].map((tr) => [...tr.querySelectorAll("th, td")].map((cell) => cell.textContent ?? ""));
}
