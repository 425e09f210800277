import { ErrCode, type Page } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp, type TestClient } from '../../testing';
import type { ResourceView, ResourceWire } from '@tessera/contract/resources';
import { badFieldsOf, createResource, errCodeOf, onlineResource, releaseVersion, RESOURCES } from './testing';

describe('the market', () => {
  let t: TestApp;
  let owner: TestClient;
  let ownerId: number;
  const made: Record<string, ResourceWire> = {};

  const search = (client: TestClient, query: Record<string, string | number>) =>
    client
      .get<Page<ResourceView>>(RESOURCES, { query: { projection: 'resourceId,resourceName,status', ...query } })
      .then(dataOf);
  const namesOf = (page: Page<ResourceView>) =>
    page.dataList.map((item) => (item.resourceName ?? '').split('/')[1]).sort();

  beforeAll(async () => {
    t = await createTestApp();
    ({
      client: owner,
      user: { userId: ownerId },
    } = await t.login({ username: 'marketeer' }, { isRemember: true }));
    const at = async (key: string, make: () => Promise<ResourceWire>) => {
      t.clock.advance({ days: 1 });
      made[key] = await make();
    };
    await at('sunset', () =>
      onlineResource(t, owner, {
        name: 'sunset-photo',
        resourceTitle: '海边日落',
        intro: 'Golden Hour over the sea',
        tags: ['风景', 'Photography'],
        resourceTypeCode: 'image-photo',
      }),
    );
    await at('novel', () =>
      onlineResource(t, owner, {
        name: 'night-novel',
        resourceTitle: 'Midnight Story',
        intro: '一个关于星空的小说',
        tags: ['小说'],
        resourceTypeCode: 'markdown-novel',
      }),
    );
    await at('draft', () => createResource(owner, { name: 'sunset-draft', resourceTypeCode: 'image' }));
    await at('offline', async () => {
      const resource = await createResource(owner, { name: 'offline-sunset', resourceTypeCode: 'image' });
      await releaseVersion(t, resource.resourceId);
      return resource;
    });
    await at('frozen', () => onlineResource(t, owner, { name: 'frozen-sunset', resourceTypeCode: 'image' }));
    await t.services.resources.freeze(made.frozen?.resourceId as string, { reason: 'copied' });
  });
  afterAll(() => t.close());

  it('finds online resources by Chinese and English keywords in name, title, intro and tags, in any case', async () => {
    const visitor = t.client();
    expect(namesOf(await search(visitor, { keywords: '日落' }))).toEqual(['sunset-photo']);
    expect(namesOf(await search(visitor, { keywords: 'GOLDEN hour' }))).toEqual(['sunset-photo']);
    expect(namesOf(await search(visitor, { keywords: '星空' }))).toEqual(['night-novel']);
    expect(namesOf(await search(visitor, { keywords: 'midnight' }))).toEqual(['night-novel']);
    expect(namesOf(await search(visitor, { keywords: 'photography' }))).toEqual(['sunset-photo']);
    // Unreleased, offline and frozen resources stay out of the market.
    expect(namesOf(await search(visitor, { keywords: 'sunset' }))).toEqual(['sunset-photo']);
    expect(namesOf(await search(visitor, { keywords: '100%_' }))).toEqual([]);
  });

  it('filters by tags, type, category and owner', async () => {
    const visitor = t.client();
    expect(namesOf(await search(visitor, { tags: '小说' }))).toEqual(['night-novel']);
    expect(namesOf(await search(visitor, { tags: '风景,小说' }))).toEqual(['night-novel', 'sunset-photo']);
    expect(namesOf(await search(visitor, { resourceTypeCode: 'image' }))).toEqual([]);
    expect(namesOf(await search(visitor, { resourceTypeCode: 'image', resourceTypeCategory: 2 }))).toEqual([
      'sunset-photo',
    ]);
    expect(namesOf(await search(visitor, { resourceType: '摄影' }))).toEqual(['sunset-photo']);
    expect(namesOf(await search(visitor, { omitResourceType: 'image' }))).toEqual(['night-novel']);
    expect(namesOf(await search(visitor, { operationCategoryCode: 'pictures-photos' }))).toEqual(['sunset-photo']);
    expect(namesOf(await search(visitor, { operationCategoryCode: 'reading' }))).toEqual(['night-novel']);
    expect(namesOf(await search(visitor, { operationCategoryCode: 'nope' }))).toEqual([]);
    expect(namesOf(await search(visitor, { subjectType: 4 }))).toEqual([]);
    expect(namesOf(await search(visitor, { userId: ownerId }))).toEqual(['night-novel', 'sunset-photo']);
    expect(namesOf(await search(visitor, { userId: ownerId + 1000 }))).toEqual([]);
  });

  it('shows offline resources of others when asked, never their unreleased or frozen ones', async () => {
    const visitor = t.client();
    expect(namesOf(await search(visitor, { status: 4 }))).toEqual(['offline-sunset']);
    expect((await search(visitor, { status: 0 })).totalItem).toBe(0);
    expect((await search(visitor, { status: 2 })).totalItem).toBe(0);
  });

  it('shows the owner everything of theirs with isSelf=1 (or their own userId)', async () => {
    expect(namesOf(await search(owner, { isSelf: 1 }))).toEqual([
      'frozen-sunset',
      'night-novel',
      'offline-sunset',
      'sunset-draft',
      'sunset-photo',
    ]);
    expect(await search(owner, { isSelf: 1, status: 2 })).toMatchObject({
      totalItem: 1,
      dataList: [{ resourceName: 'marketeer/frozen-sunset', status: 2 }],
    });
    expect(namesOf(await search(owner, { isSelf: 1, status: 0 }))).toEqual(['sunset-draft']);
    expect(namesOf(await search(owner, { userId: ownerId, keywords: 'sunset' }))).toEqual([
      'frozen-sunset',
      'offline-sunset',
      'sunset-draft',
      'sunset-photo',
    ]);
    const { client: other } = await t.login();
    expect((await search(other, { isSelf: 1 })).totalItem).toBe(0);
    expect(errCodeOf(await t.client().get(RESOURCES, { query: { isSelf: 1 } }))).toBe(ErrCode.NotLoggedIn);
  });

  it('pages and sorts, newest first by default, ties broken by id', async () => {
    const all = await search(owner, { isSelf: 1, limit: 2 });
    expect(all).toMatchObject({ skip: 0, limit: 2, totalItem: 5 });
    expect(all.dataList.map((item) => item.resourceId)).toEqual([made.frozen?.resourceId, made.offline?.resourceId]);
    const oldest = await search(owner, { isSelf: 1, sort: 'createDate:1', skip: 1, limit: 1 });
    expect(oldest.dataList.map((item) => item.resourceId)).toEqual([made.novel?.resourceId]);
    expect((await search(owner, { isSelf: 1, skip: 10 })).dataList).toEqual([]);
    expect(badFieldsOf(await owner.get(RESOURCES, { query: { limit: 101 } }))).toEqual(['limit']);
    expect(badFieldsOf(await owner.get(RESOURCES, { query: { sort: 'resourceName:1' } }))).toEqual(['sort']);
    expect(badFieldsOf(await owner.get(RESOURCES, { query: { keywords: 'x'.repeat(101) } }))).toEqual(['keywords']);
  });

  it('filters by creation date: platform days or exact times', async () => {
    const novelDay = (made.novel as ResourceWire).createDate;
    // The test clock starts at 08:00 in the platform time zone (UTC+8), so the UTC date is the platform day.
    const day = novelDay.slice(0, 10);
    expect(namesOf(await search(owner, { isSelf: 1, startCreateDate: day, endCreateDate: day }))).toEqual([
      'night-novel',
    ]);
    expect(namesOf(await search(owner, { isSelf: 1, startCreateDate: novelDay, endCreateDate: novelDay }))).toEqual([
      'night-novel',
    ]);
    expect(badFieldsOf(await owner.get(RESOURCES, { query: { startCreateDate: 'yesterday' } }))).toEqual([
      'startCreateDate',
    ]);
  });

  it('filters by operation tags that operators attach, alone or through a category', async () => {
    await t.db
      .insertInto('resource_tags')
      .values({ resourceId: made.novel?.resourceId as string, tag: '编辑推荐' })
      .execute();
    const visitor = t.client();
    expect(namesOf(await search(visitor, { operationTypes: '编辑推荐' }))).toEqual(['night-novel']);
    expect(namesOf(await search(visitor, { operationCategoryCode: 'featured' }))).toEqual(['night-novel']);
    expect(namesOf(await search(visitor, { operationTypes: '编辑推荐', tags: '风景' }))).toEqual([]);
    expect(namesOf(await search(visitor, { subjectType: 1 }))).toEqual(['night-novel', 'sunset-photo']);
  });

  it('loads policies and their translation in the list on request', async () => {
    const page = await t
      .client()
      .get<Page<ResourceWire>>(RESOURCES, {
        query: { keywords: '日落', isLoadPolicyInfo: 1, isTranslate: 1 },
        locale: 'en_US',
      })
      .then(dataOf);
    expect(page.dataList[0]?.policies[0]?.translateInfo?.audience).toBe('Who may sign: everyone');
  });
});

describe('recommended themes', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const tag = async (resourceId: string, tagName: string) => {
    await t.db.insertInto('resource_tags').values({ resourceId, tag: tagName }).execute();
  };

  it('are the themes operators tagged, else the newest online themes; placeholders by their own tag', async () => {
    const { client } = await t.login();
    const first = await onlineResource(t, client, { resourceTypeCode: 'theme' });
    t.clock.advance({ minutes: 1 });
    const second = await onlineResource(t, client, { resourceTypeCode: 'theme-blog' });
    await onlineResource(t, client, { resourceTypeCode: 'image' });
    const recommend = (recommendType: number) =>
      t
        .client()
        .get<ResourceView[]>(`${RESOURCES}/recommend`, { query: { recommendType, projection: 'resourceId' } })
        .then(dataOf);
    expect(await recommend(1)).toEqual([{ resourceId: second.resourceId }, { resourceId: first.resourceId }]);
    expect(await recommend(2)).toEqual([]);
    await tag(first.resourceId, '推荐主题');
    await tag(second.resourceId, '占位主题');
    expect(await recommend(1)).toEqual([{ resourceId: first.resourceId }]);
    expect(await recommend(2)).toEqual([{ resourceId: second.resourceId }]);
  });
});
