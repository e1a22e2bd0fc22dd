// s3rver (the tests' S3 server, test-support/object-storage.ts) ships no types: what is used of it.
declare module "s3rver" {
  import type { AddressInfo } from "node:net";
  export default class S3rver {
    constructor(options: { address?: string; port?: number; silent?: boolean; directory?: string; configureBuckets?: { name: string }[] });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
