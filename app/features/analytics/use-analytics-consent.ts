import { useState } from "react";
import { type ConsentChoice, readConsent, writeConsent } from "./consent";

/** The stored consent choice (client only) and a way to answer it, remembered in localStorage. */
export function useAnalyticsConsent(onChoice: (choice: ConsentChoice) => void) {
  const [choice, setChoice] = useState<ConsentChoice | null>(readConsent);
  const choose = (next: ConsentChoice) => {
    writeConsent(next);
    setChoice(next);
    onChoice(next);
  };
  return { choice, accept: () => choose("granted"), decline: () => choose("denied") };
}
