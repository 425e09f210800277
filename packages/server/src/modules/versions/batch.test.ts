// createBatch with the versions module: an item creates its resource with its first version, or
// nothing (a refused version leaves no unreleased resource behind to block the name).
import { ErrCode } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp, type TestClient } from '../../testing';
import type { BatchItemResultWire, ResourceWire } from '@tessera/contract/resources';
import { errCodeOf, FREE_POLICY, policy, uniqueName } from '../resources/testing';
import { recordUpload } from '../storage/testing';
import { aliceAndBob, analysedFile, releasedResource, RESOURCES } from './testing';

describe('createBatch’s first versions', () => {
  let t: TestApp;
  let alice: TestClient;
  let aliceName: string;
  let aliceId: number;
  let bob: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    ({ alice, aliceId, aliceName, bob } = await aliceAndBob(t));
  });
  afterAll(() => t.close());

  const batch = async (items: Record<string, unknown>[]) =>
    dataOf(
      await alice.post<BatchItemResultWire[]>(
        `${RESOURCES}/createBatch`,
        { resourceTypeCode: 'image', createResourceObjects: items },
        { locale: 'en_US' },
      ),
    );

  const findByName = (name: string) =>
    alice.get<ResourceWire>(`${RESOURCES}/${encodeURIComponent(encodeURIComponent(`${aliceName}/${name}`))}`);

  async function ownNames(): Promise<string[]> {
    const page = dataOf(await alice.get<{ dataList: ResourceWire[] }>(RESOURCES, { query: { isSelf: 1, limit: 100 } }));
    return page.dataList.map((resource) => resource.resourceName).sort();
  }

  it('creates nothing for an item whose version is refused; the same name then works with a good file', async () => {
    const bobs = await releasedResource(t, bob);
    const bobsFile = dataOf(
      await bob.get<{ fileSha1: string }>(`${RESOURCES}/${bobs.resourceId}/versions/1.0.0`),
    ).fileSha1;
    // Alice has the bytes of Bob's file too (possession), so the item meets the rule it is about.
    await recordUpload(t, bobsFile, aliceId);
    const good = uniqueName('good');
    const othersFile = uniqueName('bobs');
    const unknownFile = uniqueName('unknown');
    const badVersion = uniqueName('badversion');
    const missingDependency = uniqueName('nodep');
    const alsoGood = uniqueName('alsogood');
    const item = async (name: string, fields: Record<string, unknown> = {}) => ({
      name,
      policies: [policy('免费', FREE_POLICY)],
      tags: ['watercolour'],
      version: '1.0.0',
      fileSha1: await analysedFile(t, aliceId),
      filename: `${name}.png`,
      ...fields,
    });

    const answer = await batch([
      await item(good),
      await item(othersFile, { fileSha1: bobsFile }),
      await item(unknownFile, { fileSha1: 'b'.repeat(40) }),
      await item(badVersion, { version: 'one' }),
      await item(missingDependency, { dependencies: [{ resourceId: '0'.repeat(24), versionRange: '*' }] }),
      await item(alsoGood),
    ]);

    const success = { errCode: 0, msg: 'success' };
    expect(
      answer.map(({ index, name, errCode, msg, resource, version }) => ({
        index,
        name,
        errCode,
        msg,
        created: resource?.resourceName ?? null,
        version: version && version.errCode,
      })),
    ).toEqual([
      { index: 0, name: good, ...success, created: `${aliceName}/${good}`, version: 0 },
      {
        index: 1,
        name: othersFile,
        errCode: ErrCode.Business,
        msg: "This file is already used by another user's resource",
        created: null,
        version: ErrCode.Business,
      },
      {
        index: 2,
        name: unknownFile,
        errCode: ErrCode.Business,
        msg: 'The file does not exist or has not been analysed yet',
        created: null,
        version: ErrCode.Business,
      },
      {
        index: 3,
        name: badVersion,
        errCode: ErrCode.BadParams,
        msg: expect.any(String),
        created: null,
        version: ErrCode.BadParams,
      },
      {
        index: 4,
        name: missingDependency,
        errCode: ErrCode.Business,
        msg: expect.any(String),
        created: null,
        version: ErrCode.Business,
      },
      { index: 5, name: alsoGood, ...success, created: `${aliceName}/${alsoGood}`, version: 0 },
    ]);
    // The item's refusal and its version's are the same answer.
    for (const refused of answer.slice(1, 5))
      expect(refused.version).toEqual({ errCode: refused.errCode, msg: refused.msg, data: refused.data });
    expect((answer[3]?.data as { field: string }[]).map((issue) => issue.field)).toEqual(['version']);
    expect(answer[4]?.data).toEqual({ resourceId: '0'.repeat(24) });
    expect(answer[0]?.resource).toMatchObject({ status: 4, latestVersion: '1.0.0', tags: ['watercolour'] });

    const refusedNames = [othersFile, unknownFile, badVersion, missingDependency];
    for (const name of refusedNames) expect(errCodeOf(await findByName(name))).toBe(ErrCode.Business);
    expect(await ownNames()).toEqual([good, alsoGood].map((name) => `${aliceName}/${name}`).sort());

    const retried = await batch(await Promise.all(refusedNames.map((name) => item(name))));
    expect(retried.map((result) => [result.errCode, result.resource?.resourceName, result.version?.errCode])).toEqual(
      refusedNames.map((name) => [0, `${aliceName}/${name}`, 0]),
    );
    for (const name of refusedNames)
      expect(dataOf(await findByName(name))).toMatchObject({ status: 4, latestVersion: '1.0.0' });
    expect(await ownNames()).toHaveLength(6);
  });

  it('leaves items without version fields as they were: the resource alone, version null', async () => {
    const name = uniqueName('bare');
    const [result] = await batch([{ name }]);
    expect(result).toMatchObject({
      errCode: 0,
      version: null,
      resource: { resourceName: `${aliceName}/${name}`, status: 0 },
    });
  });
});
