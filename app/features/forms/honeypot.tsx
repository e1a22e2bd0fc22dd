import { useId } from "react";
import { honeypotName } from "~/lib/contracts/form-endpoint";

export { honeypotName };

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
