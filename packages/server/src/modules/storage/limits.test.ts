// The bucket limit and the quota hold under parallel requests of one user (checked and written
// under the user's storage lock), on SQLite and PostgreSQL.
import { ErrCode } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp } from '../../testing';
import type { SpaceStatisticsWire } from '@tessera/contract/storage';
import { BUCKETS, createBucket, errCodeOf, storeFile, uniqueBucketName } from './testing';

const FILE_BYTES = 100;
const QUOTA_FILES = 7;

describe('storage limits under parallel requests', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ config: { storageQuotaBytes: FILE_BYTES * QUOTA_FILES } });
  });
  afterAll(() => t.close());

  const statistics = async (client: Awaited<ReturnType<TestApp['login']>>['client']) =>
    dataOf(await client.get<SpaceStatisticsWire>(`${BUCKETS}/spaceStatistics`));

  it('creates at most 5 buckets however many creations arrive at once', async () => {
    const { client } = await t.login();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => client.post(BUCKETS, { bucketName: uniqueBucketName('burst') })),
    );
    expect(answers.filter((answer) => errCodeOf(answer) === ErrCode.Success)).toHaveLength(5);
    for (const answer of answers.filter((one) => errCodeOf(one) !== ErrCode.Success))
      expect(answer.body.msg).toBe('每个用户最多创建 5 个存储空间');
    expect((await statistics(client)).bucketCount).toBe(5);
  });

  it('stores no object past the quota however many arrive at once', async () => {
    const { client, user } = await t.login();
    const bucketName = uniqueBucketName('quota');
    await createBucket(client, bucketName);
    const sha1s = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const bytes = `${String(index).padStart(3, '0')} `.repeat(FILE_BYTES / 4);
        return (await storeFile(t, user.userId, `q${index}.txt`, bytes)).sha1;
      }),
    );
    const answers = await Promise.all(
      sha1s.map((sha1, index) =>
        client.post(`${BUCKETS}/${bucketName}/objects`, { objectName: `q${index}.txt`, sha1 }),
      ),
    );
    expect(answers.filter((answer) => errCodeOf(answer) === ErrCode.Success)).toHaveLength(QUOTA_FILES);
    expect((await statistics(client)).totalFileSize).toBe(FILE_BYTES * QUOTA_FILES);
  });
});
