// Every compressible file of at least 1 kB gets its .br (quality 11) and .gz (level 9) beside it,
// from the final bytes: nginx (gzip_static, deploy/site.conf) and the Node server send them as they
// are, so no request compresses anything.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { compressible } from "../client-files.mjs";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Smaller files are sent as they are: compressing them saves less than a packet. */
export const minCompressBytes = 1024;

export const precompress = {
  name: "precompress",
  async run({ files }) {
    const targets = files.list().filter((path) => compressible.test(path) && files.bytes(path).length >= minCompressBytes);
    // zlib's thread pool works on several files at once.
    await Promise.all(
      targets.map(async (path) => {
        const body = files.bytes(path);
        const file = join(files.dir, path);
        await writeFile(`${file}.br`, await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        await writeFile(`${file}.gz`, await gzipped(body, { level: 9 }));
      }),
    );
    return `${targets.length} files (br, gz)`;
  },
};
