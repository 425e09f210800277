// Files in S3-compatible storage under `prefix`: a write streams (multipart, bounded memory) to
// `prefix/tmp/<random>` while it is hashed, then is copied to `prefix/files/<sha1>` and the
// temporary object deleted. An unfinished multipart upload is invisible as an object, and a crash
// between upload and copy leaves only a `tmp/` object, which sweepTemporary removes.
//
// Limits: CopyObject copies at most 5 GiB, so files above that are not supported by this driver.
// Parts of multipart uploads cut off by a crash are not listed as objects; an S3 lifecycle rule
// ("abort incomplete multipart uploads after 1 day") removes them.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as S3 from '@aws-sdk/client-s3';
import type * as S3Storage from '@aws-sdk/lib-storage';
import { loadOnUse } from '../load-on-use';
import type { ByteRange, FileStore, StoredFile, WriteOptions } from './file-store';
import { StoredFileNotFoundError } from './file-store';
import type { S3Location } from './files-location';
import { HashingMeter } from './hashing-meter';
import { assertByteRange, assertStorageKey, unsatisfiableRange, writeFailure } from './store-support';

// The SDK loads with the first S3 store: the embedded default never pays for it.
const loadS3 = loadOnUse<typeof S3>('@aws-sdk/client-s3');
const loadS3Storage = loadOnUse<typeof S3Storage>('@aws-sdk/lib-storage');

const KEY_SHAPE = /^files\/[0-9a-f]{40}$/;
const TEMP_FOLDER = 'tmp/';
/** lib-storage buffers one part per queue slot: 2 × 5 MiB in flight at most. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

export function s3StorageKey(sha1: string): string {
  return `files/${sha1}`;
}

function isS3Error(error: unknown, name: string, httpStatus: number): boolean {
  if (!(error instanceof Error)) return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return error.name === name || status === httpStatus;
}

/** An object key as CopyObject's source wants it: each segment percent-encoded. */
function encodeKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

/**
 * The body of a range read, held to the range: some S3-compatible servers answer more than asked
 * (a `bytes=0-0` read as the whole object), and a caller that promised a Content-Length to its own
 * client must not send more.
 */
function rangeBody(
  body: Readable,
  range: ByteRange,
  answer: { ContentRange?: string; ContentLength?: number },
): Readable {
  if (answer.ContentRange !== undefined && !answer.ContentRange.startsWith(`bytes ${range.start}-`)) {
    body.destroy();
    throw new Error(`S3 answered range ${answer.ContentRange} for bytes=${range.start}-${range.end}`);
  }
  const asked = range.end - range.start + 1;
  if (answer.ContentLength === undefined || answer.ContentLength <= asked) return body;
  return Readable.from(firstBytes(body, asked), { objectMode: false });
}

async function* firstBytes(source: Readable, length: number): AsyncGenerator<Buffer> {
  let left = length;
  for await (const chunk of source) {
    const part = (chunk as Buffer).subarray(0, left);
    left -= part.length;
    yield part;
    if (left === 0) break; // leaving the loop destroys the source
  }
}

export class S3FileStore implements FileStore {
  readonly kind = 's3';
  readonly #s3 = loadS3();
  readonly #client: S3.S3Client;
  readonly #bucket: string;
  readonly #prefix: string;

  constructor(location: S3Location) {
    this.#bucket = location.bucket;
    this.#prefix = location.prefix;
    this.#client = new this.#s3.S3Client({
      // A local server does not care about the region, but the SDK needs one.
      region: location.region ?? (location.endpoint ? 'us-east-1' : undefined),
      endpoint: location.endpoint,
      forcePathStyle: location.forcePathStyle,
      credentials: location.credentials,
      // Checksums only where S3 demands them: many S3-compatible servers refuse the newer headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async write(source: Readable, { maxBytes, signal }: WriteOptions): Promise<StoredFile> {
    const tempKey = `${this.#prefix}${TEMP_FOLDER}${randomUUID()}`;
    const meter = new HashingMeter(maxBytes);
    try {
      await this.#upload(source, meter, tempKey, signal);
      const sha1 = meter.sha1();
      const storageKey = s3StorageKey(sha1);
      const finalKey = this.#prefix + storageKey;
      if (!(await this.#objectExists(finalKey))) {
        await this.#client.send(
          new this.#s3.CopyObjectCommand({
            Bucket: this.#bucket,
            Key: finalKey,
            CopySource: `${this.#bucket}/${encodeKey(tempKey)}`,
          }),
        );
      }
      return { sha1, fileSize: meter.bytes, storageKey };
    } catch (error) {
      throw writeFailure(error, signal);
    } finally {
      // Nothing to do when the upload never completed; a failed delete is left to sweepTemporary.
      await this.#deleteObject(tempKey).catch(() => undefined);
    }
  }

  async read(storageKey: string, range?: ByteRange): Promise<Readable> {
    const key = this.#keyOf(storageKey);
    if (range) assertByteRange(range);
    try {
      const answer = await this.#client.send(
        new this.#s3.GetObjectCommand({
          Bucket: this.#bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      if (!(answer.Body instanceof Readable)) throw new Error(`S3 answered ${key} without a body stream`);
      return range ? rangeBody(answer.Body, range, answer) : answer.Body;
    } catch (error) {
      if (isS3Error(error, 'NoSuchKey', 404)) throw new StoredFileNotFoundError(storageKey);
      if (range && isS3Error(error, 'InvalidRange', 416)) throw unsatisfiableRange(range);
      throw error;
    }
  }

  async exists(storageKey: string): Promise<boolean> {
    return this.#objectExists(this.#keyOf(storageKey));
  }

  async remove(storageKey: string): Promise<void> {
    await this.#deleteObject(this.#keyOf(storageKey));
  }

  async sweepTemporary(olderThanMs: number): Promise<number> {
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    let continuationToken: string | undefined;
    do {
      const page: S3.ListObjectsV2CommandOutput = await this.#client.send(
        new this.#s3.ListObjectsV2Command({
          Bucket: this.#bucket,
          Prefix: this.#prefix + TEMP_FOLDER,
          ContinuationToken: continuationToken,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key === undefined || (object.LastModified?.getTime() ?? 0) > cutoff) continue;
        await this.#deleteObject(object.Key);
        removed += 1;
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken !== undefined);
    return removed;
  }

  async close(): Promise<void> {
    this.#client.destroy();
  }

  /** Streams `source` through `meter` to `key`; settles only once nothing is in flight any more. */
  async #upload(source: Readable, meter: HashingMeter, key: string, signal: AbortSignal | undefined): Promise<void> {
    const upload = new (loadS3Storage().Upload)({
      client: this.#client,
      params: { Bucket: this.#bucket, Key: key, Body: meter },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
    });
    const piped = pipeline(source, meter, { signal });
    const uploaded = upload.done();
    // A failed upload stops reading from the meter; destroying it ends the pipeline too.
    void uploaded.catch((error: unknown) => meter.destroy(error instanceof Error ? error : new Error(String(error))));
    // A failed pipeline destroys the meter, which makes the upload give up its parts and settle.
    const [pipedResult, uploadedResult] = await Promise.allSettled([piped, uploaded]);
    if (pipedResult.status === 'rejected') throw pipedResult.reason;
    if (uploadedResult.status === 'rejected') throw uploadedResult.reason;
  }

  async #objectExists(key: string): Promise<boolean> {
    try {
      await this.#client.send(new this.#s3.HeadObjectCommand({ Bucket: this.#bucket, Key: key }));
      return true;
    } catch (error) {
      if (isS3Error(error, 'NotFound', 404)) return false;
      throw error;
    }
  }

  async #deleteObject(key: string): Promise<void> {
    await this.#client.send(new this.#s3.DeleteObjectCommand({ Bucket: this.#bucket, Key: key }));
  }

  #keyOf(storageKey: string): string {
    assertStorageKey(storageKey, KEY_SHAPE, 's3');
    return this.#prefix + storageKey;
  }
}
