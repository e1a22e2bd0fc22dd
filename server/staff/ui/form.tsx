/** @jsxImportSource hono/jsx */
import type { Child } from "hono/jsx";

type FieldBase = {
  /** The control's name (the form field) and, unless `id` is given, its id. */
  name: string;
  id?: string;
  label: string;
  /** Shown under the label, read with the control (aria-describedby). */
  hint?: string;
  /** What is wrong with the value sent; marks the control invalid and is read with it. */
  error?: string;
  required?: boolean;
};

export type InputFieldProps = FieldBase & {
  type?: "text" | "email" | "password" | "search" | "date" | "number";
  value?: string;
  autocomplete?: string;
  /** A password field never sends its value back into the page. */
  inputmode?: "email" | "numeric" | "search" | "text";
  minlength?: number;
  maxlength?: number;
};

function describedBy(id: string, { hint, error }: FieldBase): string | undefined {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

function FieldNotes(id: string, { hint, error }: FieldBase) {
  return (
    <>
      {hint ? (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p class="error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A labelled input with its hint and error linked by aria-describedby. */
export function InputField(props: InputFieldProps) {
  const id = props.id ?? props.name;
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      {FieldNotes(id, props)}
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        value={props.type === "password" ? undefined : props.value}
        autocomplete={props.autocomplete}
        inputmode={props.inputmode}
        minlength={props.minlength}
        maxlength={props.maxlength}
        required={props.required}
        aria-invalid={props.error ? "true" : undefined}
        aria-describedby={describedBy(id, props)}
      />
    </div>
  );
}

export type SelectFieldProps = FieldBase & { value?: string; options: ReadonlyArray<{ value: string; label: string }> };

export function SelectField(props: SelectFieldProps) {
  const id = props.id ?? props.name;
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      {FieldNotes(id, props)}
      <select id={id} name={props.name} required={props.required} aria-invalid={props.error ? "true" : undefined} aria-describedby={describedBy(id, props)}>
        {props.options.map((option) => (
          <option value={option.value} selected={option.value === props.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export type TextAreaFieldProps = FieldBase & {
  value?: string;
  rows?: number;
  maxlength?: number;
  /** Its keyboard shortcut (decision 0154): the browser's access key, and the single key of the desk's script. */
  shortcut?: string;
};

export function TextAreaField(props: TextAreaFieldProps) {
  const id = props.id ?? props.name;
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      {FieldNotes(id, props)}
      {/* eslint-disable-next-line jsx-a11y/no-access-key -- the desk's shortcuts without script, listed on /staff/shortcuts (decision 0154) */}
      <textarea
        id={id}
        name={props.name}
        rows={props.rows ?? 4}
        maxlength={props.maxlength}
        required={props.required}
        accesskey={props.shortcut}
        aria-invalid={props.error ? "true" : undefined}
        aria-describedby={describedBy(id, props)}
      >
        {props.value ?? ""}
      </textarea>
    </div>
  );
}

export type ButtonProps = { children: Child; variant?: "primary" | "secondary" | "danger"; name?: string; value?: string };

export function Button({ children, variant = "primary", name, value }: ButtonProps) {
  return (
    <button class={variant === "primary" ? "button" : `button ${variant}`} type="submit" name={name} value={value}>
      {children}
    </button>
  );
}

/** A link styled as a button (a GET: a filter reset, a download); `shortcut`: its access key (decision 0154). */
export function ButtonLink({
  href,
  children,
  variant = "secondary",
  rel,
  shortcut,
}: {
  href: string;
  children: Child;
  variant?: "primary" | "secondary";
  rel?: "next" | "prev";
  shortcut?: string;
}) {
  return (
    // eslint-disable-next-line jsx-a11y/no-access-key -- the desk's shortcuts without script, listed on /staff/shortcuts (decision 0154)
    <a class={variant === "primary" ? "button" : `button ${variant}`} href={href} rel={rel} accesskey={shortcut}>
      {children}
    </a>
  );
}

/**
 * A one-button form that posts a change (disable an account, delete a lead). `fields` become hidden
 * inputs; `label` names the action for a screen reader when the visible text is short ("Disable").
 */
export function PostButton({
  action,
  children,
  fields = {},
  variant = "secondary",
  label,
  shortcut,
}: {
  action: string;
  children: Child;
  fields?: Record<string, string>;
  variant?: ButtonProps["variant"];
  label?: string;
  /** Its keyboard shortcut (decision 0154): the browser's access key, and the single key of the desk's script. */
  shortcut?: string;
}) {
  return (
    <form class="inline" method="post" action={action}>
      {Object.entries(fields).map(([name, value]) => (
        <input type="hidden" name={name} value={value} />
      ))}
      {/* eslint-disable-next-line jsx-a11y/no-access-key -- the desk's shortcuts without script, listed on /staff/shortcuts (decision 0154) */}
      <button class={variant === "primary" ? "button" : `button ${variant}`} type="submit" aria-label={label} accesskey={shortcut}>
        {children}
      </button>
    </form>
  );
}
