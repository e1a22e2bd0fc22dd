// The company profile PDFs (build/client/company-profile.pdf, the About page's 'Company Profile
// Download' link), drawn from the same content as the pages (scripts/build/company-profile/): the
// default language's, and each language's whose about page is translated at <code>/company-profile.pdf
// (decision 0188).
import { makeProfilePdf, profileInputs } from "../company-profile/build-profile-pdf.ts";

export const companyProfilePdf = {
  name: "company-profile-pdf",
  async run({ files, content }) {
    const made = [];
    for (const input of profileInputs(content)) {
      const pdf = await makeProfilePdf(input);
      files.setBytes(input.path, pdf);
      made.push(`${input.path} (${(pdf.length / 1024).toFixed(1)} kB)`);
    }
    return made.join(", ");
  },
};
