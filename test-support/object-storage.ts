import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import { withFreePorts } from "../scripts/test-setup/free-port.mjs";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { LeadFiles } from "../server/leads/files";
import { objectStorage, type ObjectStorage, type ObjectStorageSettings } from "../server/platform/object-storage";

/**
 * A real S3-protocol server on loopback (s3rver, objects in a temporary folder) with one bucket,
 * on a port found free outside the ephemeral range. `stop()` takes it down (a bucket unavailable),
 * `start()` brings it back on the same port with the same objects; `close()` removes the folder.
 * s3rver's own key pair (S3RVER / S3RVER); it checks each request's signature.
 */
export async function startTestObjectStorage(bucket = "lead-files") {
  const directory = await mkdtemp(join(tmpdir(), "ssl-s3rver-"));
  let server: S3rver | undefined;
  const run = async (port: number) => {
    const created = new S3rver({
      address: "127.0.0.1",
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    const address = await created.run();
    server = created;
    return address.port;
  };
  const port = await withFreePorts(1, ([free]) => run(free!));
  const settings: ObjectStorageSettings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  };
  return {
    settings,
    directory,
    async stop() {
      await server?.close();
      server = undefined;
    },
    async start() {
      if (!server) await run(port);
    },
    async close() {
      await server?.close();
      server = undefined;
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** The bytes of the object under `key`, read whole; undefined when the bucket has none. */
export async function objectBytes(storage: ObjectStorage, key: string): Promise<Buffer | undefined> {
  const object = await storage.get(key);
  return object ? Buffer.from(await new Response(object.body).arrayBuffer()) : undefined;
}

export type TestBucket = Awaited<ReturnType<typeof startTestObjectStorage>>;

/**
 * A bucket for the tests of one describe block: started before its first test (`started` is given
 * it and a client of it), up again before each test (after one that stopped it), closed after the last.
 */
export function testBucketPerBlock(started: (bucket: { bucket: TestBucket; storage: ObjectStorage }) => void) {
  let bucket: TestBucket | undefined;
  beforeAll(async () => {
    bucket = await startTestObjectStorage();
    started({ bucket, storage: objectStorage(bucket.settings) });
  });
  afterAll(() => bucket?.close());
  beforeEach(() => bucket?.start());
}

/**
 * A bucket for a describe block whose tests store leads' files (decision 0161), as `testBucketPerBlock`,
 * with the lines LeadFiles warns collected in `warnings` (emptied before each test) and `files()`: a
 * LeadFiles on the block's bucket, or on `storage` (a wrapper of it), that warns there.
 */
export function leadFilesPerBlock(started: (bucket: { bucket: TestBucket; storage: ObjectStorage }) => void) {
  const warnings: string[] = [];
  let storage: ObjectStorage | undefined;
  testBucketPerBlock((given) => {
    storage = given.storage;
    started(given);
  });
  beforeEach(() => void (warnings.length = 0));
  return { warnings, files: (on: ObjectStorage = storage!) => new LeadFiles(on, (line) => void warnings.push(line)) };
}

/** The bucket `storage`, with the keys under `prefix` written and deleted through it counted (every request still goes to the bucket). */
export function countedStorage(storage: ObjectStorage, prefix = "lead-files/") {
  const puts: string[] = [];
  const deletes: string[] = [];
  const wrapped: ObjectStorage = {
    put: (key, bytes, options) => storage.put(key, bytes, options).then(() => void (key.startsWith(prefix) && puts.push(key))),
    putStream: (key, open, options) => storage.putStream(key, open, options).then(() => void (key.startsWith(prefix) && puts.push(key))),
    get: (key) => storage.get(key),
    delete: (key) => storage.delete(key).then(() => void (key.startsWith(prefix) && deletes.push(key))),
  };
  return { storage: wrapped, puts, deletes };
}

/** The bucket `storage`, with the bytes read from it counted as they pass (`pulled()`): what a streamed download has taken so far. */
export function pullCountedStorage<S extends ObjectStorage>(storage: S): { storage: S; pulled: () => number } {
  let pulled = 0;
  const wrapped: S = {
    ...storage,
    get: async (key: string) => {
      const object = await storage.get(key);
      if (!object) return undefined;
      const counting = new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          pulled += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
      return { ...object, body: object.body.pipeThrough(counting) };
    },
  };
  return { storage: wrapped, pulled: () => pulled };
}
