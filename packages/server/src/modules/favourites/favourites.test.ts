import { ErrCode, type Page } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp, type TestClient } from '../../testing';
import { badFieldsOf, createResource, errCodeOf, onlineResource } from '../resources/testing';
import type { ResourceWire } from '@tessera/contract/resources';
import type { FavouriteWire } from '@tessera/contract/favourites';

const FAVOURITES = '/v2/collections/resources';

describe('favourites', () => {
  let t: TestApp;
  let author: TestClient;
  let authorId: number;
  let photo: ResourceWire;
  let novel: ResourceWire;

  beforeAll(async () => {
    t = await createTestApp();
    ({
      client: author,
      user: { userId: authorId },
    } = await t.login({ username: 'author' }));
    photo = await onlineResource(t, author, {
      name: 'photo',
      resourceTitle: '海边日落',
      resourceTypeCode: 'image-photo',
    });
    novel = await onlineResource(t, author, {
      name: 'novel',
      resourceTitle: 'Midnight Story',
      resourceTypeCode: 'markdown-novel',
    });
  });
  afterAll(() => t.close());

  const add = (client: TestClient, resourceId: string) => client.post<FavouriteWire>(FAVOURITES, { resourceId });
  const list = (client: TestClient, query: Record<string, string | number> = {}) =>
    client.get<Page<FavouriteWire>>(FAVOURITES, { query }).then(dataOf);

  it('collect a resource once, however often it is added, and count the collectors', async () => {
    const { client, user } = await t.login();
    const first = dataOf(await add(client, photo.resourceId));
    expect(first).toEqual({
      resourceId: photo.resourceId,
      resourceName: 'author/photo',
      resourceTitle: '海边日落',
      resourceType: ['image', '摄影'],
      resourceTypeCode: 'image-photo',
      coverImages: [],
      authorId,
      authorName: 'author',
      userId: user.userId,
      resourceStatus: 1,
      latestVersion: '1.0.0',
      resourceUpdateDate: photo.updateDate,
      createDate: t.clock.now().toISOString(),
    });
    t.clock.advance({ minutes: 1 });
    expect(dataOf(await add(client, photo.resourceId))).toEqual(first);
    const count = () => t.client().get<number>(`${FAVOURITES}/${photo.resourceId}/count`).then(dataOf);
    expect(await count()).toBe(1);
    const { client: another } = await t.login();
    await add(another, photo.resourceId);
    expect(await count()).toBe(2);
    expect(dataOf(await another.delete(`${FAVOURITES}/${photo.resourceId}`))).toBe(true);
    expect(dataOf(await another.delete(`${FAVOURITES}/${photo.resourceId}`))).toBe(true);
    expect(await count()).toBe(1);
    expect(dataOf(await t.client().get(`${FAVOURITES}/${'0'.repeat(24)}/count`))).toBe(0);
  });

  it('take one’s own resources, even unreleased; never another user’s unreleased ones', async () => {
    const draft = await createResource(author, { name: 'draft' });
    expect(dataOf(await add(author, draft.resourceId)).resourceStatus).toBe(0);
    const { client } = await t.login();
    expect(errCodeOf(await add(client, draft.resourceId))).toBe(ErrCode.Business);
    expect(errCodeOf(await add(client, '0'.repeat(24)))).toBe(ErrCode.Business);
    expect(badFieldsOf(await add(client, 'nope'))).toEqual(['resourceId']);
    expect(errCodeOf(await add(t.client(), photo.resourceId))).toBe(ErrCode.NotLoggedIn);
  });

  it('tell which resources the caller collected (a visitor: none)', async () => {
    const { client } = await t.login();
    await add(client, novel.resourceId);
    const query = { resourceIds: `${photo.resourceId},${novel.resourceId}` };
    expect(dataOf(await client.get(`${FAVOURITES}/isCollected`, { query }))).toEqual([
      { resourceId: photo.resourceId, isCollected: false },
      { resourceId: novel.resourceId, isCollected: true },
    ]);
    expect(dataOf(await t.client().get(`${FAVOURITES}/isCollected`, { query }))).toEqual([
      { resourceId: photo.resourceId, isCollected: false },
      { resourceId: novel.resourceId, isCollected: false },
    ]);
    expect(badFieldsOf(await client.get(`${FAVOURITES}/isCollected`, { query: { resourceIds: 'x' } }))).toEqual([
      'resourceIds',
    ]);
  });

  it('are listed newest first, paged and filtered by the resources as they are now', async () => {
    const { client } = await t.login();
    await add(client, photo.resourceId);
    t.clock.advance({ minutes: 1 });
    await add(client, novel.resourceId);
    const ids = (page: Page<FavouriteWire>) => page.dataList.map((item) => item.resourceId);
    expect(ids(await list(client))).toEqual([novel.resourceId, photo.resourceId]);
    expect(await list(client, { skip: 1, limit: 1 })).toMatchObject({
      skip: 1,
      limit: 1,
      totalItem: 2,
      dataList: [{ resourceId: photo.resourceId }],
    });
    expect(ids(await list(client, { keywords: '日落' }))).toEqual([photo.resourceId]);
    expect(ids(await list(client, { keywords: 'MIDNIGHT' }))).toEqual([novel.resourceId]);
    expect(ids(await list(client, { resourceTypeCode: 'image', resourceTypeCategory: 2 }))).toEqual([photo.resourceId]);
    expect(ids(await list(client, { resourceType: '小说' }))).toEqual([novel.resourceId]);
    expect(ids(await list(client, { omitResourceType: 'image' }))).toEqual([novel.resourceId]);
    expect(await list(client, { keywords: 'nothing-like-this' })).toMatchObject({ totalItem: 0, dataList: [] });

    await t.services.resources.freeze(photo.resourceId, { reason: 'copied' });
    expect(await list(client, { resourceStatus: 2 })).toMatchObject({
      totalItem: 1,
      dataList: [{ resourceId: photo.resourceId, resourceStatus: 2 }],
    });
    expect(ids(await list(client, { resourceStatus: 1 }))).toEqual([novel.resourceId]);
    await t.services.resources.unfreeze(photo.resourceId);
    expect(errCodeOf(await t.client().get(FAVOURITES))).toBe(ErrCode.NotLoggedIn);
  });
});
