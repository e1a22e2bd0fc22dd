// The pages and files the steps before rewrote in memory go to disk here, once. A step after this
// one that still changes a client file fails the build (scripts/build/client-files.mjs).

export const writeClientFiles = {
  name: "write-client-files",
  async run({ files }) {
    const { written, removed } = await files.write();
    return `${written} files written, ${removed} removed`;
  },
};
