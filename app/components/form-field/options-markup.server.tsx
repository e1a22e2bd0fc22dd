import { renderToStaticMarkup } from "react-dom/server";
import type { OptionChoice, OptionGroup, OptionsMarkup } from "./options-markup";

const option = (o: OptionChoice) => (
  <option key={o.value} value={o.value} lang={o.lang} {...Object.fromEntries(Object.entries(o.data ?? {}).map(([name, value]) => [`data-${name}`, value]))}>
    {o.label}
  </option>
);

/** Build time only (a route's loader): the options of a select as escaped markup, in order. */
export function renderOptionsMarkup(choices: readonly (OptionChoice | OptionGroup)[]): OptionsMarkup {
  // Rendered inside a <select> (where an <option> belongs), which is then cut off again.
  const select = renderToStaticMarkup(
    <select>
      {choices.map((c) =>
        "options" in c ? (
          <optgroup key={c.label} label={c.label} lang={c.lang}>
            {c.options.map(option)}
          </optgroup>
        ) : (
          option(c)
        ),
      )}
    </select>,
  );
  return { html: select.slice("<select>".length, -"</select>".length) };
}
