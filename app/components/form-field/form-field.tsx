import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import type { OptionsMarkup } from "./options-markup";

type Common = {
  /** Visible label; also the field's accessible name. */
  label: string;
  /** Shown under the field in red, announced, and tied to it with aria-describedby / aria-invalid. */
  error?: string;
  /** Helper text under the label (e.g. a size limit). */
  hint?: string;
};

export type FormFieldProps = Common &
  (
    | ({ as?: "input"; ref?: Ref<HTMLInputElement> } & Omit<InputHTMLAttributes<HTMLInputElement>, "aria-describedby" | "aria-invalid">)
    | ({ as: "textarea"; ref?: Ref<HTMLTextAreaElement> } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "aria-describedby" | "aria-invalid">)
    | ({ as: "select"; ref?: Ref<HTMLSelectElement> } & SelectOptions &
        Omit<SelectHTMLAttributes<HTMLSelectElement>, "aria-describedby" | "aria-invalid" | "children" | "dangerouslySetInnerHTML">)
  );

/** A select's options: elements, or (a long list) markup rendered at build time. */
type SelectOptions = { children: ReactNode; options?: never } | { options: OptionsMarkup; children?: never };

const controlClass =
  "mt-1 block w-full rounded-md border border-ink-700 bg-white px-3 py-2 text-ink-900 shadow-sm " +
  "focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-500 " +
  "aria-invalid:border-red-700 file:mr-3 file:rounded file:border-0 file:bg-brand-700 file:px-3 file:py-1 file:text-white";

/** One labelled form control (input, textarea or select) with an optional hint and error; ids are unique per instance. */
export function FormField(props: FormFieldProps) {
  const { label, error, hint, id: givenId, className, ...rest } = props;
  const autoId = useId();
  const id = givenId ?? autoId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(" ") || undefined;
  const aria = { id, "aria-describedby": describedBy, "aria-invalid": error ? true : undefined } as const;

  let control;
  if (rest.as === "textarea") {
    const { as: _as, ...textarea } = rest;
    control = <textarea {...textarea} {...aria} className={`${controlClass} ${className ?? ""}`} />;
  } else if (rest.as === "select") {
    const { as: _as, options, ...select } = rest;
    // The same string on every render: React leaves the options (and the choice made) alone.
    const markup = options ? { dangerouslySetInnerHTML: { __html: options.html } } : {};
    control = <select {...select} {...markup} {...aria} className={`${controlClass} ${className ?? ""}`} />;
  } else {
    const { as: _as, ...input } = rest;
    control = <input {...input} {...aria} className={`${controlClass} ${className ?? ""}`} />;
  }

  return (
    <div>
      <label htmlFor={id} className="block font-semibold text-ink-900">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-ink-700">
          {hint}
        </p>
      )}
      {control}
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
