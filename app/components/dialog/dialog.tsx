import { type ReactNode, type RefObject, useEffect, useId, useRef } from "react";

export type DialogProps = {
  open: boolean;
  /** Called when the dialog closes by its button, Escape or the backdrop. */
  onClose: () => void;
  /** Accessible name: the visible title. */
  title: string;
  /** Element focus returns to on close (the control that opened it). */
  returnFocusRef?: RefObject<HTMLElement | null>;
  children: ReactNode;
};

/**
 * A modal dialog on the native <dialog> element: showModal() moves focus in, makes the page behind
 * inert and closes on Escape; on close focus goes back to `returnFocusRef`.
 */
export function Dialog({ open, onClose, title, returnFocusRef, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const handleClose = () => {
      onClose();
      returnFocusRef?.current?.focus();
    };
    dialog.addEventListener("close", handleClose);
    return () => dialog.removeEventListener("close", handleClose);
  }, [onClose, returnFocusRef]);

  return (
    // A click on the backdrop reaches the <dialog> itself, not its content. A mouse-only shortcut on
    // purpose: keyboard users close with Escape or the Close button, so no key handler is needed.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClick={(event) => event.target === event.currentTarget && ref.current?.close()}
      className="m-auto max-h-[95vh] max-w-[95vw] overflow-visible rounded-lg bg-white p-0 shadow-2xl backdrop:bg-ink-900/80"
    >
      {open && (
        <div className="relative p-3">
          <button
            type="button"
            onClick={() => ref.current?.close()}
            className="absolute -right-3 -top-3 z-10 flex h-11 w-11 items-center justify-center rounded-full bg-white text-2xl font-bold text-ink-900 shadow-lg ring-1 ring-ink-200 hover:bg-ink-100 focus-visible:outline-3 focus-visible:outline-accent-500"
          >
            <span aria-hidden="true">×</span>
            <span className="sr-only">Close</span>
          </button>
          <h2 id={titleId} className="px-1 pb-2 text-lg font-semibold text-ink-900">
            {title}
          </h2>
          {children}
        </div>
      )}
    </dialog>
  );
}
