import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { preparedQuery } from './prepared';

describe('prepared queries', () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase();
    const tag = { authority: 1, resourceRangeType: 3, resourceRange: '[]', createDate: '', updateDate: '' };
    await t.db
      .insertInto('tag_catalogue')
      .values([
        { ...tag, tagId: 9001, tagName: 'xx-one', tagType: 1 },
        { ...tag, tagId: 9002, tagName: 'xx-two', tagType: 2 },
      ])
      .execute();
  });
  afterAll(async () => {
    await t.db.destroy();
    await t.dispose();
  });

  it('answer what the query builder answers, for each call’s values, constants kept', async () => {
    const { db } = t;
    const byCode = preparedQuery(db, 2, (code: string, above: number) =>
      db
        .selectFrom('tag_catalogue')
        .select(['tagName', 'tagType'])
        .where('tagName', '=', code)
        .where('tagType', '>', above)
        .where('resourceRange', '!=', 'never'),
    );
    expect(await byCode('xx-one', 0)).toEqual([{ tagName: 'xx-one', tagType: 1 }]);
    expect(await byCode('xx-two', 0)).toEqual([{ tagName: 'xx-two', tagType: 2 }]);
    expect(await byCode('xx-two', 2)).toEqual([]);
    expect(await byCode("xx-one' or '1'='1", 0)).toEqual([]);
    const inTransaction = await db.transaction().execute((trx) => {
      const prepared = preparedQuery(trx, 1, (code: string) =>
        trx.selectFrom('tag_catalogue').select('tagType').where('tagName', '=', code),
      );
      return prepared('xx-one');
    });
    expect(inTransaction).toEqual([{ tagType: 1 }]);
  });

  it('refuse a value the query does not use exactly once', async () => {
    const { db } = t;
    const unused = preparedQuery(db, 2, (code: string, _never: string) =>
      db.selectFrom('tag_catalogue').select('tagType').where('tagName', '=', code),
    );
    await expect(unused('xx-one', 'nothing')).rejects.toThrow(/value 1 appears 0 times/);
    const twice = preparedQuery(db, 1, (code: string) =>
      db.selectFrom('tag_catalogue').select('tagType').where('tagName', '=', code).where('resourceRange', '!=', code),
    );
    await expect(twice('xx-one')).rejects.toThrow(/value 0 appears 2 times/);
  });
});
