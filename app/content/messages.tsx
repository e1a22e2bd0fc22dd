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
