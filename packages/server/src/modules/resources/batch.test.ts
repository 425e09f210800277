import { ErrCode } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { AppError } from '../../platform/errors';
import { sql } from 'kysely';
import pg from 'pg';
import { openSqlite } from '../../platform/db/sqlite';
import { createTestApp, dataOf, defineModule, MODULES, testDatabaseUrl, type TestApp } from '../../testing';
import type { ResourceVersionsPort } from './service';
import type { BatchItemResultWire } from '@tessera/contract/resources';
import { badFieldsOf, errCodeOf, FREE_POLICY, policy, RESOURCES, uniqueName } from './testing';

describe('creating resources in a batch', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const batch = (client: Awaited<ReturnType<TestApp['login']>>['client'], body: Record<string, unknown>) =>
    client.post<BatchItemResultWire[]>(`${RESOURCES}/createBatch`, body, { locale: 'en_US' });

  /** An app whose resourceVersions port is a stand-in with this first-version step instead of the versions module. */
  const appWithVersions = (prepareFirstVersion: ResourceVersionsPort['prepareFirstVersion']) => {
    const versions: ResourceVersionsPort = {
      prepareFirstVersion,
      forgetResource: async () => {},
      latestVersionInfos: async () => new Map(),
    };
    return createTestApp({
      modules: [
        // The modules that read the versions' trees go with them.
        ...MODULES.filter(
          (module) => !['versions', 'auths', 'previews', 'exhibits', 'nodesites', 'sitethemes'].includes(module.name),
        ),
        defineModule({
          name: 'stand-in-versions',
          services: () => ({}),
          ports: () => ({ resourceVersions: versions }),
        }),
      ],
    });
  };

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
          { name: good, tags: ['a'], policies: [policy('免费', FREE_POLICY)] },
          { name: taken },
          { name: 'bad name' },
          { name: uniqueName('broken'), policies: [policy('Broken', 'for public initial:')] },
          { name: uniqueName('unfiled'), version: '1.0.0', fileSha1: 'a'.repeat(40), filename: 'a.png' },
        ],
      }),
    );
    const fileRefused = {
      errCode: ErrCode.Business,
      msg: 'The file does not exist or has not been analysed yet',
      data: null,
    };
    expect(
      results.map((item) => [item.index, item.errCode, item.resource?.resourceName ?? null, item.version]),
    ).toEqual([
      [0, 0, `${user.username}/${good}`, null],
      [1, ErrCode.Business, null, null],
      [2, ErrCode.BadParams, null, null],
      [3, ErrCode.BadParams, null, null],
      // The versions module is attached: the made-up file is refused, and so is the item.
      [4, ErrCode.Business, null, fileRefused],
    ]);
    expect(results[4]).toMatchObject(fileRefused);
    expect(results[0]?.resource).toMatchObject({
      resourceType: ['image', '水彩'],
      tags: ['a'],
      policies: [{ policyName: '免费', status: 1 }],
      status: 0,
    });
    expect(results[1]?.msg).toBe(`The resource name ${user.username}/${taken} is already taken`);
    expect(results[2]?.data).toEqual([{ field: 'name', code: 'pattern', message: expect.any(String) }]);
    expect(results[3]?.data).toEqual([
      expect.objectContaining({ field: 'policies.0.policyText', code: 'P001', line: 1, column: 20 }),
    ]);
  });

  it('fails as a whole when the type is wrong or there are more than 20 items', async () => {
    const { client } = await t.login();
    expect(
      badFieldsOf(await batch(client, { resourceTypeCode: 'nope', createResourceObjects: [{ name: uniqueName() }] })),
    ).toEqual(['resourceTypeCode']);
    expect(
      badFieldsOf(
        await batch(client, {
          resourceTypeCode: 'image',
          createResourceObjects: Array.from({ length: 21 }, () => ({ name: uniqueName() })),
        }),
      ),
    ).toEqual(['createResourceObjects']);
    expect(badFieldsOf(await batch(client, { resourceTypeCode: 'image', createResourceObjects: [] }))).toEqual([
      'createResourceObjects',
    ]);
  });

  it('hands each first version to the versions port; a refused version creates nothing', async () => {
    const checked: string[] = [];
    const asked: string[] = [];
    const own = await appWithVersions(async (_userId, resource, item) => {
      if (item.fileSha1 === 'e'.repeat(40)) throw new AppError(ErrCode.Business, 'resources.notFound');
      checked.push(resource.resourceName);
      // 'f…f' passes the check but is refused once the resource is written, as when things change in between.
      return async () => {
        if (item.fileSha1 === 'f'.repeat(40)) throw new AppError(ErrCode.Business, 'resources.notFound');
        asked.push(`${resource.resourceId}@${item.version ?? ''}`);
      };
    });
    onTestFinished(() => own.close());
    const { client, user } = await own.login();
    const [first, refusedAtCheck, refusedAfterInsert] = [uniqueName(), uniqueName(), uniqueName()];
    const results = dataOf(
      await batch(client, {
        resourceTypeCode: 'json',
        createResourceObjects: [
          { name: first, version: '1.0.0', fileSha1: 'a'.repeat(40), filename: 'a.json' },
          {
            name: refusedAtCheck,
            version: '1.0.0',
            fileSha1: 'e'.repeat(40),
            filename: 'b.json',
            policies: [policy('免费', FREE_POLICY)],
            tags: ['t'],
          },
          {
            name: refusedAfterInsert,
            version: '1.0.0',
            fileSha1: 'f'.repeat(40),
            filename: 'c.json',
            policies: [policy('免费', FREE_POLICY)],
            tags: ['t'],
          },
          { name: uniqueName() },
        ],
      }),
    );
    const refused = { errCode: ErrCode.Business, msg: 'The resource does not exist', data: null };
    expect(
      results.map(({ errCode, msg, data, resource, version }) => ({
        errCode,
        msg,
        data,
        created: resource !== null,
        version,
      })),
    ).toEqual([
      { errCode: 0, msg: 'success', data: null, created: true, version: { errCode: 0, msg: 'success', data: null } },
      { ...refused, created: false, version: refused },
      { ...refused, created: false, version: refused },
      { errCode: 0, msg: 'success', data: null, created: true, version: null },
    ]);
    expect(checked).toEqual([`${user.username}/${first}`, `${user.username}/${refusedAfterInsert}`]);
    expect(asked).toEqual([`${results[0]?.resource?.resourceId}@1.0.0`]);
    // Neither refused item left a resource (nor its tags or policy bindings) behind: the names are free again.
    for (const name of [refusedAtCheck, refusedAfterInsert]) {
      expect(
        errCodeOf(
          await client.get(`${RESOURCES}/${encodeURIComponent(encodeURIComponent(`${user.username}/${name}`))}`),
        ),
      ).toBe(ErrCode.Business);
    }
    expect(
      await own.db.selectFrom('resources').select('resourceId').where('userId', '=', user.userId).execute(),
    ).toHaveLength(2);
    expect(await own.db.selectFrom('resource_tags').select('resourceId').where('tag', '=', 't').execute()).toEqual([]);
    const retried = dataOf(
      await batch(client, {
        resourceTypeCode: 'json',
        createResourceObjects: [refusedAtCheck, refusedAfterInsert].map((name) => ({
          name,
          version: '1.0.0',
          fileSha1: 'a'.repeat(40),
          filename: 'a.json',
        })),
      }),
    );
    expect(retried.map((item) => [item.errCode, item.resource?.resourceName, item.version?.errCode])).toEqual([
      [0, `${user.username}/${refusedAtCheck}`, 0],
      [0, `${user.username}/${refusedAfterInsert}`, 0],
    ]);
  });

  it('writes an item’s resource and its first version in one transaction: neither is seen before both are written', async () => {
    let writing = () => {};
    const started = new Promise<void>((resolve) => {
      writing = resolve;
    });
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const own = await appWithVersions(async () => async () => {
      writing();
      await gate;
    });
    // Another connection, as another instance (or the server after a crash) would see the database.
    const reader = own.dialect === 'sqlite' ? openSqlite(own.databaseLocation) : own.db;
    onTestFinished(async () => {
      if (reader !== own.db) await reader.destroy();
      await own.close();
    });
    const { client, user } = await own.login();
    const resourceName = `${user.username}/${uniqueName('atomic')}`;
    const stored = async () =>
      (await reader.selectFrom('resources').select('resourceId').where('resourceName', '=', resourceName).execute())
        .length;
    const answer = batch(client, {
      resourceTypeCode: 'json',
      createResourceObjects: [
        { name: resourceName.split('/')[1], version: '1.0.0', fileSha1: 'a'.repeat(40), filename: 'a.json' },
      ],
    });
    await started;
    const whileWriting = await stored();
    release();
    expect(whileWriting).toBe(0);
    expect(dataOf(await answer)[0]?.errCode).toBe(ErrCode.Success);
    expect(await stored()).toBe(1);
  });

  it.skipIf(testDatabaseUrl() === null)(
    'never lets anyone see a resource of a batch without its first version (PostgreSQL: the version held up by a lock)',
    async () => {
      const { client, user } = await t.login();
      const file = await t.services.files.storeBytes(user.userId, 'held.md', Buffer.from(`# held ${Date.now()}\n`));
      const resourceName = `${user.username}/${uniqueName('held')}`;
      const locker = new pg.Client({ connectionString: testDatabaseUrl() ?? '' });
      await locker.connect();
      onTestFinished(() => locker.end());
      await locker.query('begin');
      await locker.query(`lock table "${t.databaseLocation}".resource_versions in exclusive mode`);
      const answer = batch(client, {
        resourceTypeCode: 'markdown',
        createResourceObjects: [
          { name: resourceName.split('/')[1], version: '1.0.0', fileSha1: file.sha1, filename: 'held.md' },
        ],
      });
      const waiting = async () => {
        const { rows } = await sql<{ waiting: number }>`select count(*)::int as "waiting" from pg_stat_activity
          where wait_event_type = 'Lock' and query ilike '%insert into "resource_versions"%'`.execute(t.db);
        return rows[0]?.waiting ?? 0;
      };
      for (let tries = 0; (await waiting()) === 0; tries += 1) {
        if (tries > 200) throw new Error('the batch never reached the version');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const seen = await t.db
        .selectFrom('resources')
        .select('resourceId')
        .where('resourceName', '=', resourceName)
        .execute();
      await locker.query('commit');
      expect(seen).toEqual([]);
      const [item] = dataOf(await answer);
      expect(item?.version?.errCode).toBe(ErrCode.Success);
      expect(item?.resource?.latestVersion).toBe('1.0.0');
    },
  );
});
