// The files of the certificate records valid on the build's day (decision 0076: the compliance page's
// "View the certificate"), copied from content/media/certificates into the build at the same path.
// An expired record's file is not published: it leaves the site with its record.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { contentDir } from "../../../app/content/reader/site-content.server.ts";

export const certificateFiles = {
  name: "certificate-files",
  async run({ files, content }, root = contentDir()) {
    const published = content.certificates.valid.filter((record) => record.file);
    for (const record of published) {
      const bytes = await readFile(join(root, record.file)).catch(() => {
        throw new Error(`content/certificate-records/${record.slug}.yaml: file: ${record.file} is missing from the content folder`);
      });
      files.setBytes(record.file.slice(1), bytes);
    }
    return `${published.length} certificate file${published.length === 1 ? "" : "s"}`;
  },
};
