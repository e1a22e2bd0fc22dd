import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { request as httpRequest, type ClientRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { Transform, type Readable } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import { AwsClient } from "aws4fetch";

/**
 * An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Ceph; s3rver in the tests), addressed by
 * path (`{endpoint}/{bucket}/{key}`), requests signed by aws4fetch (decision 0161). The secret
 * stays inside the signer: no message of this module names it or a signed URL.
 */
export type ObjectStorageSettings = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/** The bucket could not be reached or refused a request; `message` names the operation and the status only. */
export class ObjectStorageError extends Error {
  constructor(
    message: string,
    /** The bucket's answer when it answered (412: a conditional write's condition failed). */
    readonly status?: number,
  ) {
    super(message);
    this.name = "ObjectStorageError";
  }
}

/** An object as the bucket streams it: its body is read as it arrives, never whole in memory; its ETag as the bucket gave it (quoted). */
export type StoredObject = { body: ReadableStream<Uint8Array>; size: number; etag?: string };

/** A write only if the object is still the one read (`ifMatch`: its ETag) or still absent (`ifNoneMatch: "*"`); a bucket that checks answers 412. */
export type WriteCondition = { ifMatch?: string; ifNoneMatch?: "*" };

/** One object of a listing: its key, size and when it was last written. */
export type ListedObject = { key: string; size: number; lastModified: Date };

/**
 * What an object is stored with besides its bytes, sent back by the bucket on every GET: its
 * Cache-Control, its Content-Encoding (a precompressed copy of a release's file: `br`, `gzip`), and
 * user metadata (`x-amz-meta-<name>`; S3 allows 2 KB of names and values in all).
 */
export type ObjectHeaders = { cacheControl?: string; contentEncoding?: string; metadata?: Record<string, string> };

/** The request headers that store `ObjectHeaders` with an object. */
const objectHeaders = ({ cacheControl, contentEncoding, metadata = {} }: ObjectHeaders): Record<string, string> => ({
  ...(cacheControl ? { "Cache-Control": cacheControl } : {}),
  ...(contentEncoding ? { "Content-Encoding": contentEncoding } : {}),
  ...Object.fromEntries(Object.entries(metadata).map(([name, value]) => [`x-amz-meta-${name}`, value])),
});

export type ObjectStorage = {
  /** Writes `bytes` under `key`; `sha256` (hex) is sent as the payload's hash, so the bucket refuses bytes changed on the way. */
  put(key: string, bytes: Uint8Array, options: { contentType: string; sha256: string } & WriteCondition & ObjectHeaders): Promise<void>;
  /**
   * Writes the bytes `open()` streams under `key`, piped with their backpressure: never whole in
   * memory. Their `size` and `sha256` (hex) are known before (the bucket checks the bytes against the
   * hash); `open` is called once, when the request is sent. Not retried: a stream cannot be sent twice.
   */
  putStream(key: string, open: () => Readable, options: { contentType: string; sha256: string; size: number } & ObjectHeaders): Promise<void>;
  /** The object under `key`, streamed; undefined when there is none. */
  get(key: string): Promise<StoredObject | undefined>;
  delete(key: string): Promise<void>;
};

/** With what releases in the bucket need besides (decision 0162): a HEAD, a file streamed from disk, a copy inside the bucket. */
export type ObjectStorageWithFiles = ObjectStorage & {
  /** The size of the object under `key` and the Content-Encoding it is stored with (a HEAD: no body); undefined when there is none. */
  head(key: string): Promise<{ size: number; contentEncoding?: string } | undefined>;
  /** Writes the file at `path` (`size` bytes, `sha256` hex) under `key`, streamed from disk: never whole in memory. */
  putFile(key: string, path: string, options: { contentType: string; sha256: string; size: number } & ObjectHeaders): Promise<void>;
  /** Writes the object under `key` to the file at `path` as it arrives; its size and SHA-256 (hex), or undefined when there is none. */
  getFile(key: string, path: string): Promise<{ size: number; sha256: string } | undefined>;
  /** Copies the object under `from` to `to` inside the bucket, its Cache-Control and metadata with it (the bucket copies: no bytes pass through this process). */
  copy(from: string, to: string): Promise<void>;
  /** Every object whose key starts with `prefix` (ListObjectsV2, page after page). */
  list(prefix: string): Promise<ListedObject[]>;
};

/** The text of an XML element's content (the five entities a listing's keys may carry). */
const xmlText = (text: string) =>
  text.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-f]+);/gi, (_, name: string) =>
    name[0] === "#"
      ? String.fromCodePoint(name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1)))
      : ({ lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" } as Record<string, string>)[name.toLowerCase()]!,
  );

/** A key no one can guess: 192 bits from the CSPRNG under `prefix`. */
export function unguessableKey(prefix: string): string {
  return `${prefix}${randomBytes(24).toString("base64url")}`;
}

/** How long a request may wait for the bucket's answer (its headers; a body then streams as long as it takes). */
const answerTimeoutMs = 15_000;

export function objectStorage(settings: ObjectStorageSettings): ObjectStorageWithFiles {
  // Network errors are not retried (the caller decides: the intake keeps the file in the database);
  // a 5xx or 429 is tried twice more, briefly.
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: "s3",
    retries: 2,
    initRetryMs: 100,
  });
  // A streamed body cannot be sent twice: the caller retries the whole file.
  const onceClient = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: "s3",
    retries: 0,
  });
  const base = `${settings.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(settings.bucket)}/`;
  const urlOf = (key: string) => base + key.split("/").map(encodeURIComponent).join("/");

  async function request(
    operation: string,
    key: string,
    init: RequestInit,
    { signer = client, query }: { signer?: AwsClient; query?: URLSearchParams } = {},
  ): Promise<Response> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), answerTimeoutMs);
    try {
      return await signer.fetch(urlOf(key) + (query ? `?${query.toString()}` : ""), { ...init, signal: controller.signal });
    } catch (error) {
      // fetch's TypeError names the network's reason in its cause (ECONNREFUSED, a timeout's abort).
      const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
      const reason = typeof cause?.code === "string" ? cause.code : error instanceof Error ? error.message : String(error);
      throw new ObjectStorageError(`object storage: ${operation} failed: ${reason}`);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * One request by node:http (signed by aws4fetch), its body written by `send` and its answer's body
   * read by `receive` (2xx only; any other is drained), both with their streams' backpressure.
   * Resolves with the status once both are done.
   */
  async function streamed(
    operation: "put" | "get",
    key: string,
    headers: Record<string, string>,
    send?: (outgoing: ClientRequest) => Promise<void>,
    receive?: (incoming: IncomingMessage) => Promise<void>,
  ): Promise<number> {
    const signed = await onceClient.sign(urlOf(key), { method: operation === "put" ? "PUT" : "GET", headers });
    const url = new URL(signed.url);
    return new Promise<number>((resolve, reject) => {
      const failed = (error: NodeJS.ErrnoException) =>
        reject(
          error instanceof ObjectStorageError
            ? error
            : new ObjectStorageError(`object storage: ${operation} failed: ${typeof error.code === "string" ? error.code : error.message}`),
        );
      const outgoing = (url.protocol === "https:" ? httpsRequest : httpRequest)(url, { method: signed.method, headers: Object.fromEntries(signed.headers) });
      // 15 s without a byte either way: the bucket is gone (a body streams as long as it keeps coming).
      outgoing.setTimeout(answerTimeoutMs, () => outgoing.destroy(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" })));
      outgoing.on("error", failed);
      outgoing.on("response", (incoming) => {
        const status = incoming.statusCode ?? 0;
        const reading = receive && status >= 200 && status <= 299 ? receive(incoming) : (incoming.resume(), finished(incoming));
        reading.then(() => resolve(status), failed);
      });
      if (send) send(outgoing).catch(failed);
      else outgoing.end();
    });
  }

  async function putStream(
    key: string,
    open: () => Readable,
    { contentType, sha256, size, ...stored }: { contentType: string; sha256: string; size: number } & ObjectHeaders,
  ): Promise<void> {
    // Piped with its backpressure (fetch with a stream body holds what it has read until the request
    // ends); aws4fetch signs the headers (the hash is given).
    const status = await streamed(
      "put",
      key,
      { "Content-Type": contentType, "Content-Length": String(size), "X-Amz-Content-Sha256": sha256, ...objectHeaders(stored) },
      (outgoing) => pipeline(open(), outgoing),
    );
    if (status < 200 || status > 299) throw new ObjectStorageError(`object storage: put answered ${status}`);
  }

  async function refused(operation: string, response: Response): Promise<never> {
    await response.body?.cancel();
    throw new ObjectStorageError(`object storage: ${operation} answered ${response.status}`, response.status);
  }

  return {
    async put(key, bytes, { contentType, sha256, ifMatch, ifNoneMatch, ...stored }) {
      const response = await request("put", key, {
        method: "PUT",
        // Sent as it is (no copy); its hash is in the header, so the signer does not read it.
        body: bytes as Uint8Array<ArrayBuffer>,
        headers: {
          "Content-Type": contentType,
          "Content-Length": String(bytes.byteLength),
          "X-Amz-Content-Sha256": sha256,
          ...(ifMatch ? { "If-Match": ifMatch } : {}),
          ...(ifNoneMatch ? { "If-None-Match": ifNoneMatch } : {}),
          ...objectHeaders(stored),
        },
      });
      if (!response.ok) return refused("put", response);
      await response.body?.cancel();
    },
    async get(key) {
      const response = await request("get", key, { method: "GET" });
      if (response.status === 404) {
        await response.body?.cancel();
        return undefined;
      }
      if (!response.ok || !response.body) return refused("get", response);
      const etag = response.headers.get("ETag") ?? undefined;
      return { body: response.body, size: Number(response.headers.get("Content-Length") ?? 0), ...(etag ? { etag } : {}) };
    },
    async head(key) {
      const response = await request("head", key, { method: "HEAD" });
      await response.body?.cancel();
      if (response.status === 404) return undefined;
      if (!response.ok) return refused("head", response);
      const contentEncoding = response.headers.get("Content-Encoding") ?? undefined;
      return { size: Number(response.headers.get("Content-Length") ?? 0), ...(contentEncoding ? { contentEncoding } : {}) };
    },
    putStream,
    putFile: (key, path, options) => putStream(key, () => createReadStream(path), options),
    async getFile(key, path) {
      const hash = createHash("sha256");
      let size = 0;
      const counting = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.byteLength;
          done(null, chunk);
        },
      });
      // Read as fast as the file is written (the socket paused meanwhile): fetch's body can run ahead of a slow disk.
      const status = await streamed("get", key, {}, undefined, (incoming) => pipeline(incoming, counting, createWriteStream(path)));
      if (status === 404) return undefined;
      if (status < 200 || status > 299) throw new ObjectStorageError(`object storage: get answered ${status}`);
      return { size, sha256: hash.digest("hex") };
    },
    async copy(from, to) {
      // Percent-encoded, but for the path's sub-delimiters (`&` of gallery items among them), which S3
      // takes either way and s3rver (decodeURI) only as they are.
      const segment = (part: string) => encodeURIComponent(part).replace(/%(26|3D|2C|3A|3B|40|24)/g, (escaped) => decodeURIComponent(escaped));
      const source = `/${settings.bucket}/${from.split("/").map(segment).join("/")}`;
      const response = await request("copy", to, { method: "PUT", headers: { "x-amz-copy-source": source } });
      // A copy can fail after its 200 has begun (S3 then sends an <Error> body): read the answer.
      const text = response.ok ? await response.text() : "";
      if (!response.ok || text.includes("<Error>")) return refused("copy", response);
    },
    async list(prefix) {
      const objects: ListedObject[] = [];
      let token: string | undefined;
      do {
        const query = new URLSearchParams({ "list-type": "2", prefix, ...(token ? { "continuation-token": token } : {}) });
        // The bucket itself: `{endpoint}/{bucket}/?list-type=2&prefix=…`.
        const response = await request("list", "", { method: "GET" }, { query });
        if (!response.ok) return refused("list", response);
        const xml = await response.text();
        for (const [, entry] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
          const field = (name: string) => xmlText(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(entry!)?.[1] ?? "");
          objects.push({ key: field("Key"), size: Number(field("Size")), lastModified: new Date(field("LastModified")) });
        }
        token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
          ? xmlText(/<NextContinuationToken>([\s\S]*?)<\/NextContinuationToken>/.exec(xml)?.[1] ?? "") || undefined
          : undefined;
      } while (token);
      return objects;
    },
    async delete(key) {
      const response = await request("delete", key, { method: "DELETE" });
      if (!response.ok && response.status !== 404) return refused("delete", response);
      await response.body?.cancel();
    },
  };
}
