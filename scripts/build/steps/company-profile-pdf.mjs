// The company profile PDFs (build/client/company-profile.pdf, the About page's 'Company Profile
// Download' link), drawn from the same content as the pages (scripts/build/company-profile/): the
// default language's, and each language's whose about page is translated at <code>/company-profile.pdf
// (decision 0188); each drawn only when its input changed, else taken from the build's PDF cache,
// the line sheets' (decision 0195).
import { readFile } from "node:fs/promises";
import { cachedProfilePdf, profileInputs } from "../company-profile/build-profile-pdf.ts";

export const companyProfilePdf = {
  name: "company-profile-pdf",
  /** `cacheDir`: the PDF cache (tests pass their own). */
  async run({ files, content }, { cacheDir } = {}) {
    const written = [];
    let drawn = 0;
    for (const input of profileInputs(content)) {
      const pdf = await cachedProfilePdf(input, { cacheDir });
      if (!pdf.fromCache) drawn++;
      files.setBytes(input.path, await readFile(pdf.cacheFile));
      written.push(`${input.path} (${(pdf.bytes / 1024).toFixed(1)} kB)`);
    }
    return `${written.join(", ")}; ${drawn} drawn, ${written.length - drawn} from the cache`;
  },
};
