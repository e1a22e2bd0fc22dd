import { Window } from "happy-dom";

/** What a browser would post from the page's form with this `action`: its named fields, as they are filled in. */
export function formFields(html: string, action: string): Record<string, string> {
  const window = new Window();
  window.document.write(html);
  const form = [...window.document.querySelectorAll("form")].find((f) => f.getAttribute("action") === action);
  if (!form) throw new Error(`no form posting to ${action}`);
  const fields: Record<string, string> = {};
  for (const control of form.querySelectorAll("input[name], select[name], textarea[name]")) {
    const name = control.getAttribute("name")!;
    const type = control.getAttribute("type") ?? "";
    if (control.tagName === "INPUT" && ["submit", "button", "file"].includes(type)) continue;
    if (control.tagName === "INPUT" && ["checkbox", "radio"].includes(type) && !control.hasAttribute("checked")) continue;
    if (control.tagName === "SELECT") {
      const options = [...control.querySelectorAll("option")];
      fields[name] = (options.find((o) => o.hasAttribute("selected")) ?? options[0])?.getAttribute("value") ?? "";
    } else if (control.tagName === "TEXTAREA") fields[name] = control.textContent ?? "";
    else fields[name] = control.getAttribute("value") ?? (type === "checkbox" ? "on" : "");
  }
  return fields;
}
