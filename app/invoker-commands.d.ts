// Invoker commands (HTML: `commandfor` / `command` on <button>), not yet in @types/react. React 19
// passes these lower-case attributes through to the DOM as they are.
import "react";

declare module "react" {
  // The type parameter must match React's declaration to merge with it.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: "show-modal" | "close" | "request-close" | "toggle-popover" | "show-popover" | "hide-popover" | `--${string}`;
  }
}
