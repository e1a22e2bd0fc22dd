import type { ReactNode } from "react";
import allMessages from "virtual:content/messages";
import allJobWords from "virtual:content/jobWords";
import type { JobWords } from "../app/content/job-words";
import { type Messages, MessagesProvider } from "../app/content/messages";
import { homeSectionsIn } from "../app/content/home-sections";
import { HomeSectionsProvider } from "../app/content/home-sections-context";

// What app/root.tsx gives every page from its loader: the interface's words in one language
// (decision 0160), here from the fixture content's content/messages/<code>.yaml.

/** One language's interface words in the fixture content. */
export function messagesOf(code = "en"): Messages {
  const messages = (allMessages as Record<string, Messages>)[code];
  if (!messages) throw new Error(`No interface words for "${code}" in fixtures/content/messages/`);
  return messages;
}

/**
 * Renders `children` as a page in that language would: with its interface words, and the home
 * page's sections in that language as the home route gives them (decision 0169).
 */
export function WithMessages({ code = "en", children }: { code?: string; children: ReactNode }) {
  return (
    <MessagesProvider value={messagesOf(code)}>
      <HomeSectionsProvider value={homeSectionsIn(code)}>{children}</HomeSectionsProvider>
    </MessagesProvider>
  );
}

/** Testing Library's render options for a component that reads the page's words: `render(ui, withWords)`. */
export const withWords = { wrapper: ({ children }: { children: ReactNode }) => <WithMessages>{children}</WithMessages> };

/** One language's job pages' words in the fixture content (the root's data on a career page, decision 0167). */
export function jobWordsOf(code = "en"): JobWords {
  const words = (allJobWords as Record<string, JobWords>)[code];
  if (!words) throw new Error(`No job pages' words for "${code}" in the fixture content`);
  return words;
}
