// Build step (called by scripts/postbuild.mjs): bundles build-profile-pdf.ts with esbuild, because
// Node runs no TypeScript here, and writes build/client/company-profile.pdf, the file the About
// page's 'Company Profile Download' link points to.
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const buildDir = process.env.BUILD_DIR || "build";
const bundle = join(buildDir, ".company-profile/build-profile-pdf.mjs");
await build({
  entryPoints: ["scripts/company-profile/build-profile-pdf.ts"],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  outfile: bundle,
  logLevel: "warning",
});
const { buildCompanyProfilePdf } = await import(pathToFileURL(resolve(bundle)).href);
const pdf = await buildCompanyProfilePdf();
await mkdir(join(buildDir, "client"), { recursive: true });
await writeFile(join(buildDir, "client/company-profile.pdf"), pdf);
await rm(join(buildDir, ".company-profile"), { recursive: true, force: true });
console.log(`company profile: ${buildDir}/client/company-profile.pdf (${(pdf.length / 1024).toFixed(1)} kB)`);
