// The company profile PDF (build/client/company-profile.pdf, the About page's 'Company Profile
// Download' link), drawn from the same content as the pages (scripts/build/company-profile/).
import { buildCompanyProfilePdf } from "../company-profile/build-profile-pdf.ts";

export const profileFile = "company-profile.pdf";

export const companyProfilePdf = {
  name: "company-profile-pdf",
  async run({ files, content }) {
    const pdf = await buildCompanyProfilePdf(content.modules);
    files.setBytes(profileFile, pdf);
    return `${profileFile} (${(pdf.length / 1024).toFixed(1)} kB)`;
  },
};
