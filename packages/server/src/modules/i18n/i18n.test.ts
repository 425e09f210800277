import { ErrCode, I18N_TEXTS_PATH, languageTextsPath } from '@tessera/domain';
import { seedTexts } from '@tessera/domain/i18n-texts';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, dataOf, migrateToLatest, undoMigrationsFrom, type TestApp } from '../../testing';

type Entry = { key: string; zh_CN: string; en_US: string; status: number; createDate: string; updateDate: string };
const CONFIGS = '/v2/i18n/configs/list';

describe('translation texts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const configs = async (body: object) => dataOf(await t.client().post<Entry[]>(CONFIGS, body));

  it('loads the seed at start, and loading it again adds nothing and keeps edited rows', async () => {
    const rows = await t.db.selectFrom('i18n_texts').select('key').execute();
    expect(rows.length).toBe(Object.keys(seedTexts).length);

    await t.db.updateTable('i18n_texts').set({ zh_CN: '已修改' }).where('key', '=', 'errors.frozen').execute();
    expect(await t.services.i18n.loadSeed(seedTexts)).toBe(0);
    const frozen = await t.db
      .selectFrom('i18n_texts')
      .select('zh_CN')
      .where('key', '=', 'errors.frozen')
      .executeTakeFirstOrThrow();
    expect(frozen.zh_CN).toBe('已修改');

    const withNewKey = {
      ...seedTexts,
      'test.newKey': { zh_CN: '新', en_US: 'new' },
      'test.untranslated': { zh_CN: '待译', en_US: '' },
    };
    expect(await t.services.i18n.loadSeed(withNewKey)).toBe(2);
    expect(await t.services.i18n.loadSeed(withNewKey)).toBe(0);
  });

  it('rewords the rows nobody edited when a release rewords their shipped text, and keeps edited ones', async () => {
    const textOf = async (key: string) =>
      t.db.selectFrom('i18n_texts').select(['zh_CN', 'en_US']).where('key', '=', key).executeTakeFirstOrThrow();
    // errors.frozen was edited by the first test.
    const reworded = {
      ...seedTexts,
      'errors.notLoggedIn': { zh_CN: '请先登录吧', en_US: 'Please sign in first' },
      'errors.frozen': { zh_CN: '账号冻结了', en_US: 'Frozen' },
    };
    expect(await t.services.i18n.loadSeed(reworded)).toBe(0);
    expect(await textOf('errors.notLoggedIn')).toEqual({ zh_CN: '请先登录吧', en_US: 'Please sign in first' });
    expect(await textOf('errors.frozen')).toMatchObject({ zh_CN: '已修改' });
    expect(t.services.i18n.translate('errors.notLoggedIn', 'en_US')).toBe('Please sign in first');

    // The next release's words reach the row reworded before, too.
    await t.services.i18n.loadSeed(seedTexts);
    expect(await textOf('errors.notLoggedIn')).toEqual(seedTexts['errors.notLoggedIn']);
    expect(await textOf('errors.frozen')).toMatchObject({ zh_CN: '已修改' });
  });

  it('publishes every text as /i18n/texts.json with an ETag and no-cache', async () => {
    const response = await callApi(t.app, 'GET', `${I18N_TEXTS_PATH}?timestamp=${Date.now()}`);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toContain('application/json');
    const texts = JSON.parse(response.text) as Record<string, { zh_CN: string; en_US: string }>;
    expect(texts['errors.routeNotFound']).toEqual({ zh_CN: '接口不存在', en_US: 'Route not found' });
    expect(texts['test.newKey']).toEqual({ zh_CN: '新', en_US: 'new' });

    const etag = String(response.headers.etag);
    const again = await callApi(t.app, 'GET', I18N_TEXTS_PATH, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('changes the ETag when the texts change, and answers server messages from the table', async () => {
    const before = String((await callApi(t.app, 'GET', I18N_TEXTS_PATH)).headers.etag);
    await t.db
      .updateTable('i18n_texts')
      .set({ en_US: 'no such call' })
      .where('key', '=', 'errors.routeNotFound')
      .execute();
    await t.services.i18n.reload();
    const after = await callApi(t.app, 'GET', I18N_TEXTS_PATH, { headers: { 'if-none-match': before } });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before);
    expect((await t.client({ locale: 'en_US' }).get('/v2/unknown')).body.msg).toBe('no such call');
  });

  describe('one language a file, addressed by its content hash (issue 15)', () => {
    const versionOf = (language: 'zh_CN' | 'en_US') => String(t.services.i18n.textsVersions()[language]);

    it('answers the language asked for, only it, and caches the versioned file for a year', async () => {
      const version = versionOf('en_US');
      expect(version).toMatch(/^[0-9a-f]{16}$/);
      const response = await callApi(t.app, 'GET', languageTextsPath('en_US', version));
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['content-type']).toContain('application/json');
      const texts = JSON.parse(response.text) as Record<string, string>;
      expect(texts['errors.routeNotFound']).toBe('no such call');
      expect(texts['test.newKey']).toBe('new');
      // A text not yet translated is left out: the page shows its key.
      expect(texts).not.toHaveProperty('test.untranslated');
      const chinese = JSON.parse((await callApi(t.app, 'GET', languageTextsPath('zh_CN', versionOf('zh_CN')))).text);
      expect(chinese['test.untranslated']).toBe('待译');
    });

    it('sends the precompressed copy the caller accepts, which decodes to the same JSON', async () => {
      const path = languageTextsPath('zh_CN', versionOf('zh_CN'));
      const plain = await callApi(t.app, 'GET', path, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      const gzip = await callApi(t.app, 'GET', path, { headers: { 'accept-encoding': 'gzip, deflate' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.headers.vary).toContain('Accept-Encoding');
      expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.text);
      const br = await callApi(t.app, 'GET', path, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.text);
      expect(br.rawPayload.length).toBeLessThan(gzip.rawPayload.length);
      expect(gzip.rawPayload.length * 3).toBeLessThan(plain.rawPayload.length);
      expect(new Set([plain.headers.etag, gzip.headers.etag, br.headers.etag]).size).toBe(3);
      const again = await callApi(t.app, 'GET', path, {
        headers: { 'accept-encoding': 'gzip', 'if-none-match': String(gzip.headers.etag) },
      });
      expect(again.status).toBe(304);
    });

    it('changes the hash when a text changes; an old or missing hash answers the current texts, revalidated', async () => {
      const before = versionOf('en_US');
      const chineseBefore = versionOf('zh_CN');
      await t.db.updateTable('i18n_texts').set({ en_US: 'edited' }).where('key', '=', 'test.newKey').execute();
      await t.services.i18n.reload();
      expect(versionOf('en_US')).not.toBe(before);
      expect(versionOf('zh_CN')).toBe(chineseBefore);
      for (const path of [languageTextsPath('en_US', before), languageTextsPath('en_US')]) {
        const response = await callApi(t.app, 'GET', path);
        expect(response.status, path).toBe(200);
        expect(response.headers['cache-control'], path).toBe('no-cache');
        expect(JSON.parse(response.text)['test.newKey'], path).toBe('edited');
      }
      const current = await callApi(t.app, 'GET', languageTextsPath('en_US', versionOf('en_US')));
      expect(current.headers['cache-control']).toContain('immutable');
    });

    it('knows no other file name', async () => {
      for (const name of ['texts.fr_FR.json', 'texts.en_US.NOTHEX.json', 'other.json']) {
        expect((await callApi(t.app, 'GET', `/i18n/${name}`)).status, name).toBe(404);
      }
    });
  });

  describe('POST /v2/i18n/configs/list', () => {
    it('answers every entry without filters, sorted by key', async () => {
      const entries = await configs({});
      expect(entries.length).toBe(Object.keys(seedTexts).length + 2);
      expect(entries.map((entry) => entry.key)).toEqual(entries.map((entry) => entry.key).sort());
      expect(entries.find((entry) => entry.key === 'errors.badParams')).toEqual({
        key: 'errors.badParams',
        zh_CN: '参数校验失败',
        en_US: 'Parameter validation failed',
        status: 3,
        createDate: t.clock.now().toISOString(),
        updateDate: t.clock.now().toISOString(),
      });
    });

    it('filters by part of the key and by part of either text, in any case', async () => {
      expect((await configs({ key: 'ERRORS.PARAM.MAX' })).map((entry) => entry.key)).toEqual([
        'errors.param.maxItems',
        'errors.param.maxLength',
        'errors.param.maximum',
      ]);
      expect((await configs({ content: '接口不存' })).map((entry) => entry.key)).toEqual(['errors.routeNotFound']);
      expect((await configs({ content: 'NO SUCH CALL' })).map((entry) => entry.key)).toEqual(['errors.routeNotFound']);
      expect(await configs({ key: '%' })).toEqual([]);
    });

    it('filters by status; 0 means all', async () => {
      expect((await configs({ status: 1 })).map((entry) => entry.key)).toEqual(['test.untranslated']);
      expect(await configs({ status: 2 })).toEqual([]);
      expect((await configs({ status: 0 })).length).toBe((await configs({})).length);
      expect((await configs({ status: 0, tagIds: ['1', 2] })).length).toBe((await configs({})).length);
    });

    it('refuses an unknown status (errCode 4 naming the field)', async () => {
      const response = await t.client().post(CONFIGS, { status: 4 });
      expect(response.body.errCode).toBe(ErrCode.BadParams);
      expect(response.body.data).toEqual([expect.objectContaining({ field: 'status', code: 'maximum' })]);
    });
  });
});

describe('migration 0022: the shipped texts of each row', () => {
  it('takes a database back before it and forward again, rows keeping their texts as their shipped texts', async () => {
    const t = await createTestApp();
    try {
      await t.db.updateTable('i18n_texts').set({ en_US: 'Edited before' }).where('key', '=', 'errors.frozen').execute();
      await undoMigrationsFrom(t.db, '0022_i18n_seed_texts');
      await migrateToLatest(t.db);
      const row = await t.db
        .selectFrom('i18n_texts')
        .select(['en_US', 'seedEn'])
        .where('key', '=', 'errors.frozen')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ en_US: 'Edited before', seedEn: 'Edited before' });
    } finally {
      await t.close();
    }
  });
});
