import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/lib/prerender-paths";

export default {
  ssr: false,
  // Every route becomes real HTML at build time; see app/lib/prerender-paths.ts.
  prerender: () => prerenderPaths(),
} satisfies Config;
