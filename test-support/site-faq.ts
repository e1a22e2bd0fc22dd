import { readSiteContent } from "../app/content/reader/site-content.server";
import { richTextToPlain } from "../app/content/rich-text";

/** A FAQ entry as the site's build reads it from `contentDir` in a language (decision 0165): question, answer as text, its `lang`. */
export async function faqEntryShown(contentDir: string, code: string, id: string) {
  const { modules } = await readSiteContent(contentDir);
  const entry = modules.faqs[code]?.entries.find((e) => e.id === id);
  return entry && { question: entry.question, answer: richTextToPlain(entry.answer), lang: entry.lang };
}
