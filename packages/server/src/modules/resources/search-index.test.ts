// Keyword search through the search index (migrations 0010 and 0011: FTS5 trigram and gram indexes
// and the search rows on SQLite; 0010 and 0012: pg_trgm and the grams column on PostgreSQL) answers
// exactly what a substring match of the search text answers, and follows every change of the text,
// the status and the dates.
import type { Page } from '@tessera/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../../platform/db/database';
import { marketSearch } from './migrations/0010_market_search';
import { marketSearchRows } from './migrations/0011_market_search_rows';
import { shortWordSearch } from './migrations/0012_short_word_search';
import { gramsOf, SEARCH_GRAMS_FUNCTION } from '../../platform/db/search-grams';
import { sqliteReadersOf } from '../../platform/db/sqlite';
import { createTestApp, dataOf, migrateToLatest, type TestApp, type TestClient } from '../../testing';
import type { ResourceView, ResourceWire } from '@tessera/contract/resources';
import { MIGRATIONS } from '../manifest';
import { onlineResource, RESOURCES } from './testing';

describe('keyword search through the search index', () => {
  let t: TestApp;
  let owner: TestClient;

  const search = async (query: Record<string, string | number>, client = t.client()) =>
    dataOf(
      await client.get<Page<ResourceView>>(RESOURCES, { query: { projection: 'resourceName', limit: 100, ...query } }),
    );
  const shortNames = (page: Page<ResourceView>) =>
    page.dataList.map((item) => (item.resourceName ?? '').split('/')[1] as string);
  const found = async (keywords: string) => shortNames(await search({ keywords })).sort();

  beforeAll(async () => {
    t = await createTestApp();
    ({ client: owner } = await t.login({ username: 'searcher' }, { isRemember: true }));
  });
  afterAll(() => t.close());

  it("reads keyword pages on the embedded database's reader threads, not on the event loop (issue 15)", async (context) => {
    if (t.dialect !== 'sqlite') return context.skip();
    await onlineResource(t, owner, { name: 'threaded', resourceTitle: 'Threaded Reader' });
    const readers = sqliteReadersOf(t.db);
    const before = readers?.answered ?? 0;
    expect(await found('threaded')).toEqual(['threaded']);
    expect(readers?.answered).toBeGreaterThan(before);
  });

  it('follows a change of title, intro and tags, for long and short words', async () => {
    const lantern = await onlineResource(t, owner, {
      name: 'lantern',
      resourceTitle: 'Lantern Festival',
      intro: '古城的灯笼',
      tags: ['夜景'],
    });
    expect(await found('festival')).toEqual(['lantern']);
    expect(await found('古城的')).toEqual(['lantern']);
    expect(await found('灯笼')).toEqual(['lantern']);
    expect(await found('灯')).toEqual(['lantern']);
    expect(await found('夜景 lantern')).toEqual(['lantern']);

    await owner.put(`${RESOURCES}/${lantern.resourceId}`, {
      resourceTitle: 'Harbour Lights',
      intro: 'quiet night',
      tags: ['港口夜色'],
    });
    expect(await found('festival')).toEqual([]);
    expect(await found('古城的')).toEqual([]);
    expect(await found('灯笼')).toEqual([]);
    expect(await found('灯')).toEqual([]);
    expect(await found('夜景')).toEqual([]);
    expect(await found('harbour')).toEqual(['lantern']);
    expect(await found('港口夜色')).toEqual(['lantern']);
    expect(await found('夜色')).toEqual(['lantern']);
    expect(await found('港')).toEqual(['lantern']);
    expect(await found('qu')).toEqual(['lantern']);
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
    expect(await found('"')).toEqual(['symbols']);
    expect(await found('*')).toEqual(['symbols']);
    expect(await found('ab')).toEqual([]);
    expect(await found('near*')).toEqual([]);
    expect(await found('hi OR')).toEqual([]);
  });

  it('follows the status, freezing and the update date of a match', async () => {
    const older = await onlineResource(t, owner, { name: 'tide-older', resourceTitle: '潮汐 Tidepool' });
    t.clock.advance({ hours: 1 });
    const newer = await onlineResource(t, owner, { name: 'tide-newer', resourceTitle: '潮汐 Tidepool' });
    const newestFirst = async (keywords: string) => shortNames(await search({ keywords, sort: 'updateDate:-1' }));
    expect(await newestFirst('潮汐')).toEqual(['tide-newer', 'tide-older']);
    expect(await newestFirst('tidepool')).toEqual(['tide-newer', 'tide-older']);
    expect(shortNames(await search({ keywords: '潮', sort: 'createDate:1' }))).toEqual(['tide-older', 'tide-newer']);

    t.clock.advance({ hours: 1 });
    await owner.put(`${RESOURCES}/${older.resourceId}`, { intro: 'washed up' });
    expect(await newestFirst('潮汐')).toEqual(['tide-older', 'tide-newer']);
    expect(await newestFirst('tidepool')).toEqual(['tide-older', 'tide-newer']);

    await owner.put(`${RESOURCES}/${older.resourceId}`, { status: 4 });
    expect(await newestFirst('潮汐')).toEqual(['tide-newer']);
    expect(shortNames(await search({ keywords: '潮汐', status: 4 }))).toEqual(['tide-older']);
    await t.services.resources.freeze(newer.resourceId, { reason: 'copied' });
    expect(await newestFirst('tidepool')).toEqual([]);
    expect(shortNames(await search({ keywords: '潮', isSelf: 1, status: 2 }, owner))).toEqual(['tide-newer']);
    await owner.put(`${RESOURCES}/${older.resourceId}`, { status: 1 });
    expect(await newestFirst('tidepool')).toEqual(['tide-older']);
  });

  it('finds exactly the resources whose search text holds every word, with their totals', async () => {
    const texts = [
      ['mix-a', '星空下的旅人', 'a starry night, the traveler'],
      ['mix-b', '星空', 'aaa bbb 旅'],
      ['mix-c', '旅人日记', 'night train: notes'],
      ['mix-d', 'Aardvark', '星 空 apart'],
    ];
    for (const [name, resourceTitle, intro] of texts)
      await onlineResource(t, owner, { name, resourceTitle, intro, tags: ['mixcorpus'] });
    const rows = await t.db
      .selectFrom('resources')
      .select(['resourceName', 'searchText'])
      .where('status', '=', 1)
      .where('isFrozen', '=', 0)
      .execute();
    const keywordSets = [
      '星',
      '星空',
      '星空下',
      '空 旅',
      '旅人',
      'a',
      'aa',
      'aaa',
      'aar',
      'ni',
      'night',
      'ght,',
      ': n',
      'mixcorpus 星',
      'x',
      '空星',
      'rdv',
    ];
    for (const keywords of keywordSets) {
      const words = keywords.split(' ');
      const expected = rows
        .filter((row) => words.every((word) => row.searchText.includes(word)))
        .map((row) => row.resourceName.split('/')[1] as string)
        .sort();
      const page = await search({ keywords });
      expect([keywords, shortNames(page).sort(), page.totalItem]).toEqual([keywords, expected, expected.length]);
      // A page after the last match still counts them.
      expect((await search({ keywords, skip: 50, limit: 10 })).totalItem).toBe(expected.length);
    }
  });

  it('finds short words of every kind exactly where a substring match does, after inserts and updates', async () => {
    const short = [
      ['short-a', '晨雾中的灯塔', 'the lighthouse at dawn 🌙'],
      ['short-b', '雾', 'a fog, 100% thick_grey'],
      ['short-c', '晨光', 'morning 🌙🌟 light'],
    ];
    const created: ResourceWire[] = [];
    for (const [name, resourceTitle, intro] of short)
      created.push(await onlineResource(t, owner, { name, resourceTitle, intro, tags: ['shortcorpus'] }));
    const [first, second] = created;
    const words = [
      '晨雾',
      '雾',
      '晨',
      '中的',
      'th',
      'he',
      'a',
      'g,',
      '%',
      '0%',
      '_g',
      '🌙',
      '🌙🌟',
      'n',
      '灯塔',
      '雾中',
      'zz',
    ];
    const matchesSubstrings = async () => {
      const rows = await t.db
        .selectFrom('resources')
        .select(['resourceName', 'searchText'])
        .where('status', '=', 1)
        .where('isFrozen', '=', 0)
        .execute();
      for (const word of words) {
        const expected = rows
          .filter((row) => row.searchText.includes(word))
          .map((row) => row.resourceName.split('/')[1] as string)
          .sort();
        expect([word, await found(`${word} shortcorpus`)]).toEqual([
          word,
          expected.filter((name) => name.startsWith('short-')),
        ]);
        const page = await search({ keywords: word });
        expect([word, page.totalItem]).toEqual([word, expected.length]);
      }
    };
    await matchesSubstrings();
    await owner.put(`${RESOURCES}/${first?.resourceId}`, { resourceTitle: '雾散了', intro: 'the fog lifts 🌟' });
    await owner.put(`${RESOURCES}/${second?.resourceId}`, { intro: '晨雾 again' });
    await matchesSubstrings();
    expect(await found('晨雾 shortcorpus')).toEqual(['short-b']);
    expect(await found('🌙 shortcorpus')).toEqual(['short-c']);
  });

  it.runIf(process.env.DATABASE_URL !== undefined)('makes on PostgreSQL the same grams as the server', async () => {
    expect(dialectOf(t.db)).toBe('postgres');
    for (const text of ['晨雾中的灯塔', 'the lighthouse\n🌙🌟 a', 'aaa', 'x', '']) {
      const { rows } = await sql<{
        grams: string[];
      }>`select ${sql.id(SEARCH_GRAMS_FUNCTION)}(${text}) as grams`.execute(t.db);
      expect([text, [...(rows[0]?.grams ?? [])].sort()]).toEqual([text, gramsOf(text).sort()]);
    }
  });

  it('indexes the resources that existed before the indexes', async () => {
    // Back to the schema before 0012 (a resource written), then before 0011 and before 0010, a
    // resource written at each, and the migrations run again.
    const forget = (name: string) =>
      t.db
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', name as never)
        .execute();
    // The migrations that came after them go first, newest first (the migrator keeps the order).
    const later = Object.entries(MIGRATIONS).filter(([name]) => name > '0012_short_word_search');
    for (const [name, migration] of later.reverse()) {
      await migration.down?.(t.db as never);
      await forget(name);
    }
    await shortWordSearch.down?.(t.db as never);
    await forget('0012_short_word_search');
    await onlineResource(t, owner, { name: 'before-grams', resourceTitle: 'Tin Lantern', intro: '锡灯' });
    await marketSearchRows.down?.(t.db as never);
    await forget('0011_market_search_rows');
    await onlineResource(t, owner, { name: 'before-rows', resourceTitle: 'Brass Sextant', intro: '铜六分仪' });
    await marketSearch.down?.(t.db as never);
    await forget('0010_market_search');
    await onlineResource(t, owner, { name: 'older', resourceTitle: 'Weathered Compass', intro: '旧罗盘' });
    await migrateToLatest(t.db);
    expect(await found('compass')).toEqual(['older']);
    expect(await found('旧罗盘')).toEqual(['older']);
    expect(await found('罗盘')).toEqual(['older']);
    expect(await found('罗')).toEqual(['older']);
    expect(await found('sextant')).toEqual(['before-rows']);
    expect(await found('六分')).toEqual(['before-rows']);
    expect(await found('锡灯')).toEqual(['before-grams']);
    expect(await found('锡')).toEqual(['before-grams']);
    expect(await found('harbour')).toEqual(['lantern']);
    expect(shortNames(await search({ keywords: '罗', status: 4 }))).toEqual([]);
  });
});
