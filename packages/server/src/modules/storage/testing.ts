// Shared steps of the storage API tests (not a test file itself).
import { createHash, randomBytes } from 'node:crypto';
import type { Page } from '@tessera/domain';
import { dataOf, type TestApp, type TestClient } from '../../testing';
import type { BucketWire, ObjectWire } from '@tessera/contract/storage';

export const BUCKETS = '/v2/storages/buckets';
export const OBJECTS = '/v2/storages/objects';

let bucketCounter = 0;

/** A bucket name nobody else in the test run has taken. */
export function uniqueBucketName(prefix = 'b'): string {
  bucketCounter += 1;
  return `${prefix}-${process.pid}-${bucketCounter}`;
}

/** Real bytes stored and analysed by the files module. */
export function storeFile(t: TestApp, userId: number, filename: string, bytes: Buffer | string) {
  return t.services.files.storeBytes(userId, filename, Buffer.from(bytes));
}

/**
 * A files row written directly, as `uploader` uploaded it (a sha1 is used only with possession): a
 * state the files module reaches only over time (analysing, failed) or a size no test should upload.
 * Its bytes are not in the store.
 */
export async function fakeFile(
  t: TestApp,
  uploader: number,
  {
    status = 2,
    fileSize = 1000,
    mime = 'application/octet-stream',
  }: { status?: number; fileSize?: number; mime?: string } = {},
): Promise<string> {
  const sha1 = createHash('sha1').update(randomBytes(16)).digest('hex');
  const now = t.clock.now().toISOString();
  await t.db
    .insertInto('files')
    .values({
      sha1,
      fileSize,
      storageKey: `fake/${sha1}`,
      metaAnalyzeStatus: status,
      metaInfo: status === 2 ? JSON.stringify({ fileSize, mime }) : '{}',
      analyseError: status === 3 ? 'files.analysis.damaged' : '',
      analyseStartDate: null,
      filenameHint: 'fake.bin',
      lastUploadDate: now,
      createDate: now,
      updateDate: now,
    })
    .execute();
  await recordUpload(t, sha1, uploader);
  return sha1;
}

/** Records that `uploader` uploaded the file (so they hold its bytes and may use its sha1). */
export async function recordUpload(t: TestApp, sha1: string, uploader: number): Promise<void> {
  await t.db
    .insertInto('file_uploads')
    .values({ sha1, userId: uploader, filename: 'fake.bin', createDate: t.clock.now().toISOString() })
    .execute();
}

export async function createBucket(client: TestClient, bucketName = uniqueBucketName()): Promise<BucketWire> {
  return dataOf(await client.post<BucketWire>(BUCKETS, { bucketName }));
}

export async function createObject(
  client: TestClient,
  bucketName: string,
  objectName: string,
  sha1: string,
  resourceType?: string,
): Promise<ObjectWire> {
  return dataOf(await client.post<ObjectWire>(`${BUCKETS}/${bucketName}/objects`, { objectName, sha1, resourceType }));
}

export async function listObjects(
  client: TestClient,
  bucketName: string,
  query: Record<string, string | number> = {},
): Promise<Page<ObjectWire>> {
  return dataOf(await client.get<Page<ObjectWire>>(`${BUCKETS}/${bucketName}/objects`, { query }));
}

export { badFieldsOf, errCodeOf } from '../../testing';

/** The object rows of a user as stored (to prove that nothing changed). */
export function objectRowsOf(t: TestApp, userId: number) {
  return t.db.selectFrom('objects').selectAll().where('userId', '=', userId).orderBy('objectId').execute();
}
