// Keyword search through the search index (migration 0010: FTS5 trigram on SQLite, pg_trgm on
// PostgreSQL) answers exactly what a substring match of the search text answers.
import type { Page } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../platform/db/migrate';
import { marketSearch } from '../../platform/db/migrations/0010_market_search';
import { createTestApp, dataOf, type TestApp, type TestClient } from '../../testing';
import type { ResourceView } from './schemas';
import { onlineResource, RESOURCES } from './test-support';

describe('keyword search through the search index', () => {
  let t: TestApp;
  let owner: TestClient;

  const found = async (keywords: string) => {
    const page = dataOf(await t.client().get<Page<ResourceView>>(RESOURCES, { query: { keywords, projection: 'resourceName' } }));
    return page.dataList.map((item) => (item.resourceName ?? '').split('/')[1]).sort();
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ client: owner } = await t.login({ username: 'searcher' }, { isRemember: true }));
  });
  afterAll(() => t.close());

  it('follows a change of title, intro and tags, for long and short words', async () => {
    const lantern = await onlineResource(t, owner, { name: 'lantern', resourceTitle: 'Lantern Festival', intro: '古城的灯笼', tags: ['夜景'] });
    expect(await found('festival')).toEqual(['lantern']);
    expect(await found('古城的')).toEqual(['lantern']);
    expect(await found('灯笼')).toEqual(['lantern']);
    expect(await found('夜景 lantern')).toEqual(['lantern']);

    await owner.put(`${RESOURCES}/${lantern.resourceId}`, { resourceTitle: 'Harbour Lights', intro: 'quiet night', tags: ['港口夜色'] });
    expect(await found('festival')).toEqual([]);
    expect(await found('古城的')).toEqual([]);
    expect(await found('灯笼')).toEqual([]);
    expect(await found('夜景')).toEqual([]);
    expect(await found('harbour')).toEqual(['lantern']);
    expect(await found('港口夜色')).toEqual(['lantern']);
    expect(await found('夜色')).toEqual(['lantern']);
    // The name is part of the search text and never changes.
    expect(await found('lantern')).toEqual(['lantern']);
  });

  it('takes quotes, stars and brackets in keywords as plain characters', async () => {
    await onlineResource(t, owner, { name: 'symbols', resourceTitle: 'say "hi" to A*B NEAR(c)' });
    expect(await found('"hi"')).toEqual(['symbols']);
    expect(await found('a*b')).toEqual(['symbols']);
    expect(await found('near(c)')).toEqual(['symbols']);
    expect(await found('*b')).toEqual(['symbols']);
    expect(await found('"hi')).toEqual(['symbols']);
    expect(await found('ab')).toEqual([]);
    expect(await found('near*')).toEqual([]);
    expect(await found('hi OR')).toEqual([]);
  });

  it('indexes the resources that existed before the index', async () => {
    // Back to the schema before 0010, a resource written then, and the migration run again.
    await marketSearch.down?.(t.db as never);
    await t.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', '0010_market_search' as never)
      .execute();
    await onlineResource(t, owner, { name: 'older', resourceTitle: 'Weathered Compass', intro: '旧罗盘' });
    await migrateToLatest(t.db);
    expect(await found('compass')).toEqual(['older']);
    expect(await found('旧罗盘')).toEqual(['older']);
    expect(await found('罗盘')).toEqual(['older']);
    expect(await found('harbour')).toEqual(['lantern']);
  });
});
