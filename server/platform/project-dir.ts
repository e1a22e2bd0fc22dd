import { fileURLToPath } from "node:url";

// The bundle's way back to the project (scripts/build/steps/server-bundle.mjs defines it: from
// <BUILD_DIR>/node/ to the project, whatever BUILD_DIR is); the sources are one folder below it.
declare const __SERVER_BUNDLE_TO_PROJECT__: string | undefined;
const toProject = typeof __SERVER_BUNDLE_TO_PROJECT__ === "string" ? __SERVER_BUNDLE_TO_PROJECT__ : "../../";

/** A file of the project the server reads at run time (migrations, the PGlite worker), from the sources or the bundle. */
export const projectFile = (path: string) => fileURLToPath(new URL(`${toProject}${path}`, import.meta.url));
