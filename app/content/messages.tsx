import { createContext, useContext } from "react";
import type { ContentModules } from "./reader/site-content.server";

// The interface's words in the shown page's language (content/messages/<code>.yaml, decision 0160).
// Every language's file is `virtual:content/messages`, imported by the root route's build-time loader
// only: a page carries its own language's words, as data in its HTML, never another language's and
// never as JavaScript. Components read them with useMessages().

/** One language's interface words (the fields of app/content/studio/messages.ts). */
export type Messages = ContentModules["messages"][string];

const MessagesContext = createContext<Messages | null>(null);

/** Set once, in app/root.tsx, from the root loader's data (tests: test-support/messages.tsx). */
export const MessagesProvider = MessagesContext.Provider;

/** The shown page's interface words. */
export function useMessages(): Messages {
  const messages = useContext(MessagesContext);
  if (!messages) throw new Error("useMessages: no MessagesProvider above (app/root.tsx sets it from the root loader)");
  return messages;
}

/**
 * The `lang` of what this page shows without a translation in its language (decision 0160): the
 * default language's code on another language's pages (a screen reader then reads English with an
 * English voice), undefined on the default language's. The reader says which words are translated
 * (`fallbackLang`, app/content/reader/site-content.server.ts): only content/messages/ yet, so the
 * page's content (`<main>`, SiteMain) and the frame's words carry it.
 */
export function useFallbackLang(): string | undefined {
  return useContext(MessagesContext)?.fallbackLang ?? undefined;
}

/**
 * The `lang` of this page's translated words where they sit inside an element marked with the
 * fallback language (the Get In Touch form's labels in `<main>`): the page's language's code there,
 * undefined on the default language's pages.
 */
export function useTranslatedLang(): string | undefined {
  const messages = useContext(MessagesContext);
  return messages?.fallbackLang ? messages.lang : undefined;
}

/**
 * The shown page's language code, from its words (decision 0164: the forms' hidden `locale` field);
 * undefined where no words are provided (a component rendered alone).
 */
export function usePageLang(): string | undefined {
  return useContext(MessagesContext)?.lang;
}
