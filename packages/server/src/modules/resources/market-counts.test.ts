// The maintained market counts and the kept market pages (migration 0019, market-cache.ts): the counts
// equal a count of the rows after every kind of write, parallel writers included, and a kept page
// follows every write, whoever makes it (the API, or another instance or tool writing the tables).
import type { Page } from '@tessera/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  dataOf,
  migrateToLatest,
  undoMigrationsFrom,
  type TestApp,
  type TestClient,
} from '../../testing';
import type { ResourceView, ResourceWire } from '@tessera/contract/resources';
import { createResource, onlineResource, policy, PAID_POLICY, releaseVersion, RESOURCES } from './testing';

type Counts = Record<string, { online: number; offline: number }>;

describe('market counts and kept market pages', () => {
  let t: TestApp;
  let owner: TestClient;

  /** Online and offline unfrozen resources per type code, counted from the rows. */
  const truth = async (): Promise<Counts> => {
    const rows = await t.db.selectFrom('resources').select(['resourceTypeCode', 'status', 'isFrozen']).execute();
    const counts: Counts = {};
    for (const row of rows) {
      const entry = (counts[row.resourceTypeCode] ??= { online: 0, offline: 0 });
      if (row.isFrozen === 0 && row.status === 1) entry.online += 1;
      if (row.isFrozen === 0 && row.status === 4) entry.offline += 1;
    }
    return counts;
  };
  const maintained = async (): Promise<Counts> => {
    const rows = await t.db.selectFrom('resource_market_counts').selectAll().execute();
    return Object.fromEntries(
      rows.map((row) => [row.resourceTypeCode, { online: Number(row.online), offline: Number(row.offline) }]),
    );
  };
  const expectCountsTrue = async () => expect(await maintained()).toEqual(await truth());

  const market = (query: Record<string, string | number> = {}, client = t.client()) =>
    client
      .get<Page<ResourceView>>(RESOURCES, {
        query: { limit: 20, isLoadPolicyInfo: 1, sort: 'updateDate:-1', ...query },
      })
      .then(dataOf);
  const online = async (typeCodes?: readonly string[]) =>
    Object.entries(await truth())
      .filter(([code]) => !typeCodes || typeCodes.includes(code))
      .reduce((sum, [, counts]) => sum + counts.online, 0);
  const idsOf = (page: Page<ResourceView>) => page.dataList.map((item) => item.resourceId);

  beforeAll(async () => {
    t = await createTestApp();
    ({ client: owner } = await t.login({ username: 'counter' }, { isRemember: true }));
  });
  afterAll(() => t.close());

  it('equal the rows after create, release, online, offline, freeze, unfreeze and delete', async () => {
    await expectCountsTrue();
    const draft = await createResource(owner, { resourceTypeCode: 'image-photo' });
    await expectCountsTrue();
    const photo = await onlineResource(t, owner, { resourceTypeCode: 'image-photo' });
    const novel = await onlineResource(t, owner, { resourceTypeCode: 'markdown-novel' });
    await expectCountsTrue();
    expect((await maintained())['image-photo']?.online).toBeGreaterThanOrEqual(1);
    await releaseVersion(t, draft.resourceId);
    await expectCountsTrue();
    await owner.put(`${RESOURCES}/${photo.resourceId}`, { status: 4 });
    await expectCountsTrue();
    await t.services.resources.freeze(novel.resourceId, { reason: 'copied' });
    await expectCountsTrue();
    await t.services.resources.unfreeze(novel.resourceId);
    await owner.put(`${RESOURCES}/${photo.resourceId}`, { status: 1 });
    await expectCountsTrue();
    const unreleased = await createResource(owner, { resourceTypeCode: 'markdown-novel' });
    await owner.delete(`${RESOURCES}/${unreleased.resourceId}`);
    await expectCountsTrue();
    // A write straight into the table (a tool, a bulk load) is counted too.
    await t.db.updateTable('resources').set({ status: 4 }).where('resourceId', '=', novel.resourceId).execute();
    await expectCountsTrue();
    await t.db.updateTable('resources').set({ status: 1 }).where('resourceId', '=', novel.resourceId).execute();
    await expectCountsTrue();
  });

  it('answer the first page and the type filters, as a count of the rows would', async () => {
    await onlineResource(t, owner, { resourceTypeCode: 'image-comic' });
    await createResource(owner, { resourceTypeCode: 'image-comic' });
    expect((await market()).totalItem).toBe(await online());
    const images = ['image', 'image-illustration', 'image-photo', 'image-comic'];
    expect((await market({ resourceTypeCode: 'image', resourceTypeCategory: 2 })).totalItem).toBe(await online(images));
    expect((await market({ resourceTypeCode: 'image-comic' })).totalItem).toBe(await online(['image-comic']));
    expect((await market({ resourceTypeCode: 'no-such-type' })).totalItem).toBe(0);
    const offline = Object.values(await truth()).reduce((sum, counts) => sum + counts.offline, 0);
    expect((await market({ status: 4 })).totalItem).toBe(offline);
  });

  it('stay equal to the rows under parallel writers', async () => {
    const resources: ResourceWire[] = [];
    for (const resourceTypeCode of ['audio-music', 'video', 'audio-music', 'video', 'theme', 'theme'])
      resources.push(await onlineResource(t, owner, { resourceTypeCode }));
    // Each transaction moves two resources of different types, half of them in the other order: row
    // triggers that locked count rows as they went would deadlock here on PostgreSQL.
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        t.db.transaction().execute(async (trx) => {
          const pair = index % 2 === 0 ? [resources[0], resources[1]] : [resources[3], resources[2]];
          for (const resource of pair)
            await trx
              .updateTable('resources')
              .set({ status: index % 3 === 0 ? 4 : 1, updateDate: new Date(index).toISOString() })
              .where('resourceId', '=', (resource as ResourceWire).resourceId)
              .execute();
        }),
      ),
    );
    await Promise.all(
      resources.map((resource, index) =>
        owner.put(`${RESOURCES}/${resource.resourceId}`, { status: index % 2 === 0 ? 4 : 1 }),
      ),
    );
    await expectCountsTrue();
  });

  it('keeps a page only while nothing it shows has changed', async () => {
    const lamp = await onlineResource(t, owner, { resourceTitle: 'Paper Lamp', resourceTypeCode: 'image-photo' });
    const first = await market();
    expect(await market()).toEqual(first);
    expect(idsOf(await market({ keywords: 'lamp' }))).toEqual([lamp.resourceId]);

    // The API's writes: title, tags, policies, status.
    await owner.put(`${RESOURCES}/${lamp.resourceId}`, { resourceTitle: 'Paper Lantern', tags: ['灯笼'] });
    expect(idsOf(await market({ keywords: 'lamp' }))).toEqual([]);
    expect(idsOf(await market({ keywords: '灯笼' }))).toEqual([lamp.resourceId]);
    await owner.put(`${RESOURCES}/${lamp.resourceId}`, { addPolicies: [policy('paid', PAID_POLICY)] });
    const withPaid = (await market({ keywords: 'lantern' })).dataList[0];
    expect(withPaid?.policies?.map((binding) => binding.policyName).sort()).toEqual(['paid', '免费']);
    await owner.put(`${RESOURCES}/${lamp.resourceId}`, { status: 4 });
    expect(idsOf(await market({ keywords: 'lantern' }))).toEqual([]);
    expect((await market()).totalItem).toBe(first.totalItem - 1);

    // Writes another instance or a tool makes straight into the tables.
    await t.db.updateTable('resources').set({ status: 1 }).where('resourceId', '=', lamp.resourceId).execute();
    expect(idsOf(await market({ keywords: 'lantern' }))).toEqual([lamp.resourceId]);
    expect((await market()).totalItem).toBe(first.totalItem);
    await t.db.deleteFrom('resource_tags').where('resourceId', '=', lamp.resourceId).execute();
    expect(idsOf(await market({ tags: '灯笼' }))).toEqual([]);
    await t.db.insertInto('resource_tags').values({ resourceId: lamp.resourceId, tag: '灯笼' }).execute();
    expect(idsOf(await market({ tags: '灯笼' }))).toEqual([lamp.resourceId]);
    await t.db
      .updateTable('resource_policies')
      .set({ policyName: 'paid-too' })
      .where('resourceId', '=', lamp.resourceId)
      .where('policyName', '=', 'paid')
      .execute();
    const renamed = (await market({ keywords: 'lantern' })).dataList[0];
    expect(renamed?.policies?.map((binding) => binding.policyName).sort()).toEqual(['paid-too', '免费']);
  });

  it('changes the generation for a transaction of many writes, and the kept page shows all of them', async () => {
    const generation = async () =>
      Number(
        (await t.db.selectFrom('resource_market_state').select('generation').executeTakeFirstOrThrow()).generation,
      );
    const kites = [
      await onlineResource(t, owner, { resourceTitle: 'Red Kite' }),
      await onlineResource(t, owner, { resourceTitle: 'Blue Kite' }),
    ];
    expect(idsOf(await market({ keywords: 'kite' })).sort()).toEqual(kites.map((kite) => kite.resourceId).sort());
    const before = await generation();
    await t.db.transaction().execute(async (trx) => {
      for (const kite of kites)
        await trx.updateTable('resources').set({ status: 4 }).where('resourceId', '=', kite.resourceId).execute();
    });
    expect(await generation()).toBeGreaterThan(before);
    expect(idsOf(await market({ keywords: 'kite' }))).toEqual([]);
  });

  it('never keeps a page across callers who see their own resources', async () => {
    const { client: other } = await t.login({ username: 'counter-2' }, { isRemember: true });
    const mine = await createResource(other, { resourceTitle: 'Unreleased Glider', resourceTypeCode: 'image' });
    const ownView = await other.get<Page<ResourceView>>(RESOURCES, { query: { isSelf: 1, keywords: 'glider' } });
    expect(idsOf(dataOf(ownView))).toEqual([mine.resourceId]);
    expect(idsOf(await market({ keywords: 'glider' }))).toEqual([]);
    expect(idsOf(await market({ keywords: 'glider' }, other))).toEqual([]);
  });

  it('rolls the counts back and builds them again from the rows', async () => {
    await undoMigrationsFrom(t.db, '0019_market_counts');
    await onlineResource(t, owner, { resourceTypeCode: 'widget' });
    await migrateToLatest(t.db);
    await expectCountsTrue();
    expect((await market()).totalItem).toBe(await online());
    const generation = await sql<{ generation: number | string }>`select generation from resource_market_state`.execute(
      t.db,
    );
    expect(Number(generation.rows[0]?.generation)).toBeGreaterThan(0);
  });
});
