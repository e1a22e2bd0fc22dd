import { useId } from "react";
import { honeypotName, localeFieldName } from "~/lib/contracts/form-endpoint";
import { usePageLang } from "~/content/messages";

export { honeypotName, localeFieldName };

/**
 * The page's language as a hidden field (decision 0164): the lead keeps it, and its mails and quotation
 * speak it. From the page's words (the root loader's, prerendered per language); none without them (the server then takes the default).
 */
export function FormLocale() {
  const lang = usePageLang();
  return lang ? <input type="hidden" name={localeFieldName} value={lang} /> : null;
}

/** A field hidden from people, keyboards and screen readers (off-screen, aria-hidden, tabIndex -1). */
export function Honeypot({ label }: { label: string }) {
  const id = useId();
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={honeypotName} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
