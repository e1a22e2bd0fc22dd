import { type MouseEvent, type ReactNode, useEffect, useId, useRef } from "react";
import { useMessages, useTranslatedLang } from "~/content/messages";

export type DialogProps = {
  /** The id the opener names in `commandfor` (see dialogOpenerProps): letters, digits and dashes. */
  id: string;
  /** Accessible name: the visible title. */
  title: string;
  /** The title's language where it is not the page's own (a product's words, decision 0171). */
  titleLang?: string;
  children: ReactNode;
};

/** True where the browser runs invoker commands (`commandfor` / `command`) by itself. */
function browserRunsCommands(): boolean {
  return "command" in HTMLButtonElement.prototype;
}

/**
 * Props for the button that opens Dialog `id` as a modal: invoker commands open it natively, with
 * or without JavaScript; where the browser has no invoker commands, the script opens it.
 */
export function dialogOpenerProps(id: string) {
  return {
    type: "button",
    commandfor: id,
    command: "show-modal",
    "aria-haspopup": "dialog",
    onClick: () => {
      if (!browserRunsCommands()) (document.getElementById(id) as HTMLDialogElement | null)?.showModal();
    },
  } as const;
}

/**
 * A modal dialog on the native <dialog>, in the prerendered HTML and opened by invoker commands,
 * so it works before and without JavaScript and hydration never swaps or closes it. The browser
 * moves focus in, makes the page behind inert, closes on Escape, on the Close button
 * (`command="close"`) and on the backdrop (`closedby="any"`), and returns focus to the opener.
 * The script only covers browsers without invoker commands or `closedby`, and makes sure focus
 * goes back to the opener.
 */
export function Dialog({ id, title, titleLang, children }: DialogProps) {
  const close = useMessages().pictureWindow.close;
  const lang = useTranslatedLang();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Ids are plain words (e.g. gallery-view-1), safe in a selector as they are.
    const returnFocus = () => document.querySelector<HTMLElement>(`[commandfor="${id}"][command="show-modal"]`)?.focus();
    dialog.addEventListener("close", returnFocus);
    return () => dialog.removeEventListener("close", returnFocus);
  }, [id]);

  // A click on the backdrop reaches the <dialog> itself, not its content (closedby="any" does the
  // same natively where supported; close() on a closed dialog does nothing).
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) event.currentTarget.close();
  };

  return (
    // A mouse-only shortcut on purpose: keyboard users close with Escape or the Close button.
    // `open` belongs to the browser: a dialog opened before hydration stays open.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      id={id}
      aria-labelledby={titleId}
      closedby="any"
      suppressHydrationWarning
      onClick={closeOnBackdrop}
      className="m-auto max-h-[95vh] max-w-[95vw] overflow-visible rounded-lg bg-white p-0 shadow-2xl backdrop:bg-ink-900/80"
    >
      <div className="relative p-3">
        <button
          type="button"
          commandfor={id}
          command="close"
          onClick={(event) => {
            if (!browserRunsCommands()) event.currentTarget.closest("dialog")?.close();
          }}
          className="absolute -right-3 -top-3 z-10 flex h-11 w-11 items-center justify-center rounded-full bg-white text-2xl font-bold text-ink-900 shadow-lg ring-1 ring-ink-200 hover:bg-ink-100 focus-visible:outline-3 focus-visible:outline-accent-500"
        >
          <span aria-hidden="true">×</span>
          <span className="sr-only" lang={lang}>
            {close}
          </span>
        </button>
        <h2 id={titleId} lang={titleLang} className="px-1 pb-2 text-lg font-semibold text-ink-900">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
