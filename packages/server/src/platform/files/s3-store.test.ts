import { join } from 'node:path';
import { utimes } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFileStoreContract } from './file-store-contract';
import { parseS3Url } from './files-location';
import { S3FileStore } from './s3-store';
import { startTestS3Server, type TestS3Server } from './s3-test-server';

let server: TestS3Server;
let client: S3Client;
let prefixes = 0;

beforeAll(async () => {
  server = await startTestS3Server();
  client = new S3Client({
    endpoint: server.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: server.credentials,
  });
});
afterAll(async () => {
  client.destroy();
  await server.stop();
});

async function keysUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: server.bucket, Prefix: prefix, ContinuationToken: token }),
    );
    keys.push(...(page.Contents ?? []).flatMap((object) => (object.Key === undefined ? [] : [object.Key])));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

/** Each harness works under its own prefix of the one bucket, so tests never see each other's keys. */
async function s3Harness(prefix = `run-${(prefixes += 1)}/`) {
  const store = new S3FileStore(parseS3Url(server.filesUrl(prefix)));
  let planted = 0;
  return {
    store,
    prefix,
    temporaries: () => keysUnder(`${prefix}tmp/`),
    storedFiles: async () => (await keysUnder(prefix)).filter((key) => !key.startsWith(`${prefix}tmp/`)),
    async plantTemporary(ageMs: number) {
      const key = `${prefix}tmp/crashed-${(planted += 1)}`;
      await client.send(new PutObjectCommand({ Bucket: server.bucket, Key: key, Body: 'half an upload' }));
      // s3rver reports an object's file time as its LastModified.
      const touched = new Date(Date.now() - ageMs);
      await utimes(join(server.directory, server.bucket, `${key}._S3rver_object`), touched, touched);
    },
    foreignKey: `ab/cd/ab${'c'.repeat(38)}`,
    dispose: () => store.close(),
  };
}

describeFileStoreContract('S3', s3Harness, 12 * 1024 * 1024);

describe('S3 file store layout', () => {
  it('keeps a file at <prefix>files/<sha1> and no temporary object', async () => {
    const harness = await s3Harness('layout/nested/');
    const stored = await harness.store.write(Readable.from([Buffer.from('layout')]), { maxBytes: 100 });
    expect(stored.storageKey).toBe(`files/${stored.sha1}`);
    expect(await keysUnder('layout/')).toEqual([`layout/nested/files/${stored.sha1}`]);
    await harness.dispose();
  });

  it('works without a prefix', async () => {
    const harness = await s3Harness('');
    const stored = await harness.store.write(Readable.from([Buffer.from('at the top')]), { maxBytes: 100 });
    expect(await keysUnder('files/')).toContain(`files/${stored.sha1}`);
    expect(await harness.store.exists(stored.storageKey)).toBe(true);
    await harness.dispose();
  });
});
