import { inlineHashes } from "../../platform/security-headers";

/**
 * The desk's one script (decision 0154): single-key shortcuts for the controls the pages already
 * give an `accesskey` (the floor that works without it). `j`/`k`: on the inbox's list, focus the
 * next or previous row's lead link (`data-row-link`); elsewhere, the control with that accesskey
 * (the next or previous lead); `r`, `a`, `n`: the control with that accesskey (a link or button is
 * clicked, so "Assign to me" submits its POST form; a text box is focused); `?`: the help link
 * (accesskey `h`); `g` then `i`: the inbox (accesskey `i`). Nothing while typing in a field or with
 * Ctrl, Alt or Meta held. Plain JavaScript, inlined as it is here and allowed by its hash alone.
 */
export const shortcutsScript = `(() => {
  let g = false;
  document.addEventListener("keydown", (e) => {
    const t = e.target;
    if (e.defaultPrevented || e.ctrlKey || e.altKey || e.metaKey || e.isComposing) return;
    if (t instanceof HTMLElement && (t.isContentEditable || t.closest("input, textarea, select"))) return;
    let key = e.key === "?" ? "h" : e.key.length === 1 && "jkran".includes(e.key) ? e.key : "";
    if (g) {
      g = false;
      key = e.key === "i" ? "i" : "";
    } else if (e.key === "g") {
      g = true;
      return;
    }
    if (!key) return;
    const rows = [...document.querySelectorAll("[data-row-link]")];
    if (rows.length && (key === "j" || key === "k")) {
      const at = rows.indexOf(document.activeElement);
      e.preventDefault();
      rows[Math.min(rows.length - 1, Math.max(0, at < 0 ? 0 : at + (key === "j" ? 1 : -1)))].focus();
      return;
    }
    const target = document.querySelector('[accesskey="' + key + '"]');
    if (!target) return;
    e.preventDefault();
    if (target.matches("a, button")) target.click();
    else target.focus();
  });
})();`;

/** The script's CSP source (`sha256-…`), hashed at start-up by the same code that hashes the built pages' inline scripts. */
export const shortcutsScriptHash: string = inlineHashes(`<script>${shortcutsScript}</script>`).scripts[0]!;
