import { useLabels } from "~/content/labels";
import { useTranslatedLang } from "~/content/messages";
import { pagePaths } from "~/content/page-paths";
import { useLocalizedPath } from "~/lib/locale";

/**
 * Beside each form's send button: where the privacy notice says what happens to what is sent. A
 * plain link in a new tab, which its words say (works before and without JavaScript, and leaves
 * what was typed in the form where it is). Its words are the frame's labels, already in every
 * page's data; kept this small because /quote and /career are close to their first-load JS budget.
 */
export function PrivacyNote() {
  const labels = useLabels();
  // The privacy notice in the page's language (decision 0167).
  const localize = useLocalizedPath();
  return (
    // Its words are the page's language's, inside the form's untranslated content (decision 0160).
    <p lang={useTranslatedLang()} className="mt-4 text-sm text-ink-700">
      {labels.formPrivacy.text}{" "}
      <a href={localize(pagePaths.privacy)} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline">
        {labels.formPrivacy.link}
      </a>
    </p>
  );
}
