import { ErrCode } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { createTestApp, dataOf, type TestApp } from '../../testing';
import type { BatchItemResultWire } from './schemas';
import { badFieldsOf, FREE_POLICY, policy, RESOURCES, uniqueName } from './test-support';

describe('creating resources in a batch', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const batch = (client: Awaited<ReturnType<TestApp['login']>>['client'], body: Record<string, unknown>) =>
    client.post<BatchItemResultWire[]>(`${RESOURCES}/createBatch`, body, { locale: 'en_US' });

  it('creates each item as a resource of the one type and reports per item', async () => {
    const { client, user } = await t.login();
    const taken = uniqueName('taken');
    await client.post(RESOURCES, { name: taken, resourceTypeCode: 'image' });
    const good = uniqueName('good');
    const results = dataOf(
      await batch(client, {
        resourceTypeCode: 'image',
        resourceTypeName: '水彩',
        createResourceObjects: [
          { name: good, tags: ['a'], policies: [policy('免费', FREE_POLICY)], version: '1.0.0', fileSha1: 'a'.repeat(40), filename: 'a.png' },
          { name: taken },
          { name: 'bad name' },
          { name: uniqueName('broken'), policies: [policy('Broken', 'for public initial:')] },
        ],
      }),
    );
    expect(results.map((item) => [item.index, item.errCode, item.resource?.resourceName ?? null, item.version])).toEqual([
      // The versions module is attached: the made-up file is refused, the resource stays.
      [0, 0, `${user.username}/${good}`, expect.objectContaining({ errCode: ErrCode.Business })],
      [1, ErrCode.Business, null, null],
      [2, ErrCode.BadParams, null, null],
      [3, ErrCode.BadParams, null, null],
    ]);
    expect(results[0]?.resource).toMatchObject({ resourceType: ['image', '水彩'], tags: ['a'], policies: [{ policyName: '免费', status: 1 }], status: 0 });
    expect(results[1]?.msg).toBe(`the resource name ${user.username}/${taken} is already taken`);
    expect(results[2]?.data).toEqual([{ field: 'name', code: 'pattern', message: expect.any(String) }]);
    expect(results[3]?.data).toEqual([expect.objectContaining({ field: 'policies.0.policyText', code: 'P001', line: 1, column: 20 })]);
  });

  it('fails as a whole when the type is wrong or there are more than 20 items', async () => {
    const { client } = await t.login();
    expect(badFieldsOf(await batch(client, { resourceTypeCode: 'nope', createResourceObjects: [{ name: uniqueName() }] }))).toEqual(['resourceTypeCode']);
    expect(badFieldsOf(await batch(client, { resourceTypeCode: 'image', createResourceObjects: Array.from({ length: 21 }, () => ({ name: uniqueName() })) }))).toEqual([
      'createResourceObjects',
    ]);
    expect(badFieldsOf(await batch(client, { resourceTypeCode: 'image', createResourceObjects: [] }))).toEqual(['createResourceObjects']);
  });

  it('hands each first version to the versions module once it is attached, reporting its outcome', async () => {
    const asked: string[] = [];
    t.services.resources.attachVersions({
      async createFirstVersion(_userId, resourceId, item) {
        if (item.fileSha1 === 'f'.repeat(40)) throw new AppError(ErrCode.Business, 'resources.notFound');
        asked.push(`${resourceId}@${item.version ?? ''}`);
      },
      latestVersionInfos: async () => new Map(),
    });
    const { client } = await t.login();
    const results = dataOf(
      await batch(client, {
        resourceTypeCode: 'json',
        createResourceObjects: [
          { name: uniqueName(), version: '1.0.0', fileSha1: 'a'.repeat(40), filename: 'a.json' },
          { name: uniqueName(), version: '1.0.0', fileSha1: 'f'.repeat(40), filename: 'b.json' },
          { name: uniqueName() },
        ],
      }),
    );
    expect(results.map((item) => item.version)).toEqual([
      { errCode: 0, msg: 'success', data: null },
      { errCode: ErrCode.Business, msg: 'the resource does not exist', data: null },
      null,
    ]);
    expect(asked).toEqual([`${results[0]?.resource?.resourceId}@1.0.0`]);
  });
});
