import { labels } from "~/content/labels";
import { pages } from "~/content/pages";

/**
 * Beside each form's send button: where the privacy notice says what happens to what is sent. A
 * plain link in a new tab (works before and without JavaScript, and leaves what was typed in the
 * form where it is); its words are in the frame's labels, already in every page.
 */
export function PrivacyNote() {
  const { formPrivacy, opensInNewTab } = labels;
  return (
    <p className="mt-4 text-sm text-ink-700">
      {formPrivacy.text}{" "}
      <a
        href={pages.privacy.path}
        target="_blank"
        rel="noopener noreferrer"
        className="rounded font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500"
      >
        {formPrivacy.link}
        <span className="sr-only">{` ${opensInNewTab}`}</span>
      </a>
    </p>
  );
}
