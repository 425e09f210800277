import { ErrCode, policyIdOf } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp } from '../../testing';
import type { ResourceWire } from '@tessera/contract/resources';
import { sampleImage } from '../../platform/files/samples';
import {
  badFieldsOf,
  createResource,
  errCodeOf,
  FREE_POLICY,
  PAID_POLICY,
  policy,
  releaseVersion,
  resourceRow,
  RESOURCES,
  uniqueName,
} from './testing';

describe('creating resources', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('names them username/name, defaults the title, starts unreleased and binds the policies', async () => {
    const { client, user } = await t.login({ username: 'Ada' });
    const cover = (await t.services.files.uploadImage(user.userId, await sampleImage('png'))).url;
    const name = uniqueName('sunset');
    const created = await createResource(client, {
      name,
      resourceTypeCode: 'image',
      resourceTypeName: '水彩',
      intro: 'A sunset over the sea',
      coverImages: [cover, 'https://example.com/cover.jpg'],
      tags: [' 风景 ', 'sea', 'sea'],
      policies: [policy('免费', FREE_POLICY), policy('Paid once', PAID_POLICY, 0)],
    });
    expect(created).toEqual({
      resourceId: expect.stringMatching(/^[0-9a-f]{24}$/),
      resourceName: `Ada/${name}`,
      resourceTitle: name,
      resourceType: ['image', '水彩'],
      resourceTypeCode: 'image',
      userId: user.userId,
      username: 'Ada',
      intro: 'A sunset over the sea',
      coverImages: [cover, 'https://example.com/cover.jpg'],
      tags: ['风景', 'sea'],
      policies: [
        { policyId: policyIdOf(FREE_POLICY, 1), policyName: '免费', status: 1 },
        { policyId: policyIdOf(PAID_POLICY, 1), policyName: 'Paid once', status: 0 },
      ],
      resourceVersions: [],
      latestVersion: '',
      baseUpcastResources: [],
      subjectType: 1,
      status: 0,
      isFrozen: 0,
      createDate: t.clock.now().toISOString(),
      updateDate: t.clock.now().toISOString(),
    });
  });

  it('are read by id and by full name in any case, encoded once or twice', async () => {
    const { client, user } = await t.login();
    const created = await createResource(client, { name: 'Mixed-Case' });
    const fullName = `${user.username}/Mixed-Case`;
    expect(dataOf(await client.get(`${RESOURCES}/${created.resourceId}`))).toEqual(created);
    expect(dataOf(await client.get(`${RESOURCES}/${encodeURIComponent(encodeURIComponent(fullName))}`))).toEqual(
      created,
    );
    expect(dataOf(await client.get(`${RESOURCES}/${encodeURIComponent(fullName.toUpperCase())}`))).toEqual(created);
    expect(errCodeOf(await client.get(`${RESOURCES}/${'0'.repeat(24)}`))).toBe(ErrCode.Business);
    expect(badFieldsOf(await client.get(`${RESOURCES}/not-an-id`))).toEqual(['resourceIdOrName']);
  });

  it('load policy texts, compiled forms and translations on request', async () => {
    const { client } = await t.login();
    const created = await createResource(client, { policies: [policy('付费', PAID_POLICY)] });
    const read = (query: Record<string, string>, locale: 'zh_CN' | 'en_US' = 'en_US') =>
      client.get<ResourceWire>(`${RESOURCES}/${created.resourceId}`, { query, locale }).then(dataOf);
    const [binding] = (await read({ isLoadPolicyInfo: '1' })).policies;
    expect(binding).toMatchObject({
      policyName: '付费',
      policyText: PAID_POLICY,
      isFree: 0,
      fsmDeclarationInfo: { audiences: [{ name: 'public', type: 'public' }] },
    });
    expect(Object.keys(binding?.fsmDescriptionInfo ?? {})).toEqual(['initial', 'paid']);
    expect(binding?.translateInfo).toBeUndefined();
    const english = (await read({ isLoadPolicyInfo: '1', isTranslate: '1' })).policies[0]?.translateInfo;
    expect(english?.content).toContain('Pay 10.00 coins to the licensor to enter paid');
    const chinese = (await read({ isLoadPolicyInfo: '1', isTranslate: '1' }, 'zh_CN')).policies[0]?.translateInfo;
    expect(chinese?.content).toContain('支付 10.00 代币给授权方，进入 paid');
    expect(await read({ projection: 'resourceId,resourceName,nothing' })).toEqual({
      resourceId: created.resourceId,
      resourceName: created.resourceName,
    });
    expect((await read({ isLoadLatestVersionInfo: '1' })).latestVersionInfo).toBeNull();
  });

  it('keep names unique whatever their case, per user', async () => {
    const { client: alice } = await t.login();
    const { client: bob, user: bobUser } = await t.login();
    await createResource(alice, { name: 'Shared-Name' });
    const again = await alice.post(RESOURCES, { name: 'shared-name', resourceTypeCode: 'image' }, { locale: 'en_US' });
    expect(errCodeOf(again)).toBe(ErrCode.Business);
    expect(again.body.msg).toMatch(/^The resource name .*\/shared-name is already taken$/);
    expect((await createResource(bob, { name: 'Shared-Name' })).resourceName).toBe(`${bobUser.username}/Shared-Name`);
  });

  it('follow the name rule', async () => {
    const { client } = await t.login();
    for (const name of ['has space', 'a/b', 'at@sign', '', 'x'.repeat(61), 'hash#']) {
      expect(badFieldsOf(await client.post(RESOURCES, { name, resourceTypeCode: 'image' }))).toEqual(['name']);
    }
    expect((await createResource(client, { name: '中文名-1.0_ok' })).resourceName).toMatch(/\/中文名-1\.0_ok$/);
  });

  it('take a type from a catalogue code, a custom name under it, or the 2022 path', async () => {
    const { client } = await t.login();
    const typeOf = async (body: Record<string, unknown>) => {
      const { resourceType, resourceTypeCode, subjectType } = await createResource(client, body);
      return { resourceType, resourceTypeCode, subjectType };
    };
    expect(await typeOf({ resourceTypeCode: 'image-comic-strip' })).toEqual({
      resourceType: ['image', '漫画', '条漫'],
      resourceTypeCode: 'image-comic-strip',
      subjectType: 1,
    });
    expect(await typeOf({ resourceTypeCode: 'audio-music', resourceTypeName: 'Lo-fi' })).toEqual({
      resourceType: ['audio', '音乐', 'Lo-fi'],
      resourceTypeCode: 'audio-music',
      subjectType: 1,
    });
    expect(await typeOf({ resourceTypeCode: undefined, resourceType: ['markdown', 'Novel'] })).toEqual({
      resourceType: ['markdown', '小说'],
      resourceTypeCode: 'markdown-novel',
      subjectType: 1,
    });
    expect(await typeOf({ resourceTypeCode: 'catalog' })).toEqual({
      resourceType: ['catalog'],
      resourceTypeCode: 'catalog',
      subjectType: 4,
    });
    expect(await typeOf({ resourceTypeCode: 'catalog', subjectType: 4 })).toMatchObject({ subjectType: 4 });

    const post = (body: Record<string, unknown>) => client.post(RESOURCES, { name: uniqueName(), ...body });
    expect(badFieldsOf(await post({ resourceTypeCode: 'comic' }))).toEqual(['resourceTypeCode']);
    expect(badFieldsOf(await post({ resourceTypeCode: 'image', resourceTypeName: 'has space' }))).toEqual([
      'resourceTypeName',
    ]);
    expect(badFieldsOf(await post({ resourceTypeCode: 'image-comic-strip', resourceTypeName: 'fourth' }))).toEqual([
      'resourceTypeName',
    ]);
    expect(badFieldsOf(await post({ resourceType: ['nope'] }))).toEqual(['resourceType']);
    expect(badFieldsOf(await post({}))).toEqual(['resourceTypeCode']);
    expect(badFieldsOf(await post({ resourceTypeCode: 'image', subjectType: 4 }))).toEqual(['subjectType']);
    expect(badFieldsOf(await post({ resourceTypeCode: 'image', subjectType: 2 }))).toEqual(['subjectType']);
  });

  it('hold their limits: title, intro, covers and tags', async () => {
    const { client } = await t.login();
    const post = (body: Record<string, unknown>) =>
      client.post(RESOURCES, { name: uniqueName(), resourceTypeCode: 'image', ...body });
    expect(badFieldsOf(await post({ resourceTitle: 'x'.repeat(101) }))).toEqual(['resourceTitle']);
    expect(badFieldsOf(await post({ resourceTitle: '<b>bold</b>' }))).toEqual(['resourceTitle']);
    expect(badFieldsOf(await post({ intro: 'x'.repeat(1001) }))).toEqual(['intro']);
    expect(badFieldsOf(await post({ intro: 'hello <script>alert(1)</script>' }))).toEqual(['intro']);
    expect(
      badFieldsOf(await post({ coverImages: Array.from({ length: 11 }, () => 'https://example.com/a.png') })),
    ).toEqual(['coverImages']);
    expect(
      badFieldsOf(await post({ coverImages: ['https://example.com/a.png', 'javascript:alert(1)', '/static/x.png'] })),
    ).toEqual(['coverImages.1', 'coverImages.2']);
    expect(badFieldsOf(await post({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }))).toEqual(['tags']);
    expect(badFieldsOf(await post({ tags: ['ok', 'x'.repeat(21), '  '] }))).toEqual(['tags.1', 'tags.2']);
    const reserved = await post({ tags: ['编辑推荐'] });
    expect(badFieldsOf(reserved)).toEqual(['tags.0']);
    const full = await createResource(client, {
      resourceTitle: '  标题 ',
      intro: 'I <3 art, a < b',
      tags: Array.from({ length: 20 }, (_, i) => `标签${i}`),
    });
    expect([full.resourceTitle, full.intro, full.tags.length]).toEqual(['标题', 'I <3 art, a < b', 20]);
  });

  it('take covers of this site only when they are images published here, anyone’s (possession)', async () => {
    const { client, user } = await t.login();
    const { user: other } = await t.login();
    const othersCover = (await t.services.files.uploadImage(other.userId, await sampleImage('png', { width: 7 }))).url;
    // Another user's private picture: stored here, but never published.
    const privateSha1 = (
      await t.services.files.storeBytes(other.userId, 'p.png', await sampleImage('png', { width: 9 }))
    ).sha1;
    const refused = [
      `/images/${'a'.repeat(40)}.png`,
      `/images/${privateSha1}.png`,
      othersCover.replace('.png', '.jpg'),
    ];
    const covers = [othersCover, 'https://example.com/a.png', ...refused];
    const refusedFields = ['coverImages.2', 'coverImages.3', 'coverImages.4'];
    expect(
      badFieldsOf(await client.post(RESOURCES, { name: uniqueName(), resourceTypeCode: 'image', coverImages: covers })),
    ).toEqual(refusedFields);
    const [item] = dataOf(
      await client.post<{ errCode: number; data: { field: string }[] }[]>(`${RESOURCES}/createBatch`, {
        resourceTypeCode: 'image',
        createResourceObjects: [{ name: uniqueName(), coverImages: covers }],
      }),
    );
    expect([item?.errCode, item?.data.map((issue) => issue.field)]).toEqual([ErrCode.BadParams, refusedFields]);
    const resource = await createResource(client, { coverImages: [othersCover] });
    expect(badFieldsOf(await client.put(`${RESOURCES}/${resource.resourceId}`, { coverImages: covers }))).toEqual(
      refusedFields,
    );
    expect((await resourceRow(t, resource.resourceId)).coverImages).toBe(JSON.stringify([othersCover]));
    expect(
      await t.db.selectFrom('resources').select('resourceId').where('userId', '=', user.userId).execute(),
    ).toHaveLength(1);
  });

  it('refuse policies that do not compile, naming the line and column in the caller’s language', async () => {
    const { client } = await t.login();
    const post = (policies: unknown[], locale: 'zh_CN' | 'en_US' = 'en_US') =>
      client.post(RESOURCES, { name: uniqueName(), resourceTypeCode: 'image', policies }, { locale });
    const broken = 'for public\n\ninitial[active]:\n  ~freelog.TransactionEvent("10.00","self.account") => nowhere';
    const english = await post([policy('免费', FREE_POLICY), policy('Broken', broken)]);
    expect(errCodeOf(english)).toBe(ErrCode.BadParams);
    expect(english.body.msg).toBe("Policy 'Broken' has an error: Target state 'nowhere' is not defined");
    expect(english.body.data).toEqual([
      {
        field: 'policies.1.policyText',
        index: 1,
        line: 4,
        column: 56,
        code: 'P030',
        message: "Target state 'nowhere' is not defined",
      },
    ]);
    const chinese = await post([policy('语法', 'for public initial[active] terminate')], 'zh_CN');
    expect(chinese.body.data).toEqual([
      expect.objectContaining({ field: 'policies.0.policyText', index: 0, line: 1, column: 28, code: 'P001' }),
    ]);
    expect((chinese.body.data as { message: string }[])[0]?.message).toMatch(/^语法错误（第 1 行，第 28 列）/);
    expect(
      await t.db
        .selectFrom('resources')
        .select('resourceId')
        .where('userId', '=', (await t.createUser()).userId)
        .execute(),
    ).toEqual([]);
  });

  it('check policy names and texts: 2–20 characters, unique names, one text once, ≤ 20 per request', async () => {
    const { client } = await t.login();
    const post = (policies: unknown[]) =>
      client.post(RESOURCES, { name: uniqueName(), resourceTypeCode: 'image', policies });
    expect(badFieldsOf(await post([policy('x', FREE_POLICY)]))).toEqual(['policies.0.policyName']);
    expect(badFieldsOf(await post([policy('x'.repeat(21), FREE_POLICY)]))).toEqual(['policies.0.policyName']);
    expect(badFieldsOf(await post([policy('Same', FREE_POLICY), policy('same', PAID_POLICY)]))).toEqual([
      'policies.1.policyName',
    ]);
    expect(badFieldsOf(await post([policy('One', FREE_POLICY), policy('Two', `${FREE_POLICY}\r\n  `)]))).toEqual([
      'policies.1.policyText',
    ]);
    expect(badFieldsOf(await post(Array.from({ length: 21 }, (_, i) => policy(`p${i}x`, FREE_POLICY))))).toEqual([
      'policies',
    ]);
    expect(badFieldsOf(await post([{ policyName: 'Bad escape', policyText: '%E0%A4%A' }]))).toEqual([
      'policies.0.policyText',
    ]);
    // Raw text (exhibit screens do not encode) is unchanged by decoding.
    const raw = await createResource(client, { policies: [{ policyName: 'Raw text', policyText: FREE_POLICY }] });
    expect(raw.policies).toEqual([{ policyId: policyIdOf(FREE_POLICY, 1), policyName: 'Raw text', status: 1 }]);
  });

  it('share one stored policy per text: the id is content-addressed', async () => {
    const { client } = await t.login();
    const first = await createResource(client, { policies: [policy('甲方案', PAID_POLICY)] });
    const second = await createResource(client, { policies: [policy('乙方案', `${PAID_POLICY}  \r\n`)] });
    expect(first.policies[0]?.policyId).toBe(second.policies[0]?.policyId);
    const rows = await t.db
      .selectFrom('policies')
      .select(['policyId', 'policyText'])
      .where('policyId', '=', policyIdOf(PAID_POLICY, 1))
      .execute();
    expect(rows).toEqual([{ policyId: policyIdOf(PAID_POLICY, 1), policyText: PAID_POLICY }]);
  });

  it('need a login', async () => {
    expect(errCodeOf(await t.client().post(RESOURCES, { name: uniqueName(), resourceTypeCode: 'image' }))).toBe(
      ErrCode.NotLoggedIn,
    );
  });
});

describe('reading resources of others', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('shows released resources to anyone and unreleased ones only to their owner', async () => {
    const { client: owner } = await t.login();
    const { client: other } = await t.login();
    const draft = await createResource(owner);
    const released = await createResource(owner);
    await releaseVersion(t, released.resourceId);
    expect(errCodeOf(await other.get(`${RESOURCES}/${draft.resourceId}`))).toBe(ErrCode.Business);
    expect(errCodeOf(await t.client().get(`${RESOURCES}/${encodeURIComponent(draft.resourceName)}`))).toBe(
      ErrCode.Business,
    );
    expect(dataOf(await other.get<ResourceWire>(`${RESOURCES}/${released.resourceId}`))).toMatchObject({
      status: 4,
      latestVersion: '1.0.0',
    });
    expect(dataOf(await t.client().get<ResourceWire>(`${RESOURCES}/${released.resourceId}`)).resourceVersions).toEqual([
      { version: '1.0.0', versionId: expect.stringMatching(/^[0-9a-f]{32}$/), createDate: t.clock.now().toISOString() },
    ]);

    const list = (client: typeof owner) =>
      client
        .get<ResourceWire[]>(`${RESOURCES}/list`, {
          query: {
            resourceIds: `${released.resourceId},${draft.resourceId},${'0'.repeat(24)}`,
            resourceNames: draft.resourceName.toUpperCase(),
            projection: 'resourceId',
          },
        })
        .then(dataOf);
    expect(await list(other)).toEqual([{ resourceId: released.resourceId }]);
    expect(await list(owner)).toEqual([{ resourceId: released.resourceId }, { resourceId: draft.resourceId }]);
    expect(badFieldsOf(await owner.get(`${RESOURCES}/list`, { query: { resourceIds: 'zzz' } }))).toEqual([
      'resourceIds',
    ]);
  });

  it('counts resources per user, in the order asked', async () => {
    const { client, user } = await t.login();
    const empty = await t.createUser();
    await createResource(client);
    const released = await createResource(client);
    await releaseVersion(t, released.resourceId);
    const count = (query: Record<string, string | number>) =>
      t.client().get(`${RESOURCES}/count`, { query }).then(dataOf);
    expect(await count({ userIds: `${empty.userId},${user.userId}` })).toEqual([
      { userId: empty.userId, createdResourceCount: 0 },
      { userId: user.userId, createdResourceCount: 2 },
    ]);
    expect(await count({ userIds: String(user.userId), status: 4 })).toEqual([
      { userId: user.userId, createdResourceCount: 1 },
    ]);
    expect(badFieldsOf(await t.client().get(`${RESOURCES}/count`, { query: { userIds: 'abc' } }))).toEqual(['userIds']);
    expect(badFieldsOf(await t.client().get(`${RESOURCES}/count`, { query: { userIds: '1', status: 3 } }))).toEqual([
      'status',
    ]);
  });
});

describe('generated names', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('fit the name rule and skip names the caller has, in any case', async () => {
    const { client, user } = await t.login({ username: 'namer' });
    await createResource(client, { name: 'photo.png' });
    await createResource(client, { name: 'PHOTO.png_1' });
    const names = dataOf(
      await client.post(`${RESOURCES}/generateResourceNames`, {
        resourceNames: ['photo.png', 'photo.png', 'my file?.txt', '  ', 'x'.repeat(70)],
      }),
    );
    expect(names).toEqual([
      { inputName: 'photo.png', name: 'photo.png_2', resourceName: `${user.username}/photo.png_2` },
      { inputName: 'photo.png', name: 'photo.png_3', resourceName: `${user.username}/photo.png_3` },
      { inputName: 'my file?.txt', name: 'my_file_.txt', resourceName: `${user.username}/my_file_.txt` },
      { inputName: '  ', name: 'resource', resourceName: `${user.username}/resource` },
      { inputName: 'x'.repeat(70), name: 'x'.repeat(60), resourceName: `${user.username}/${'x'.repeat(60)}` },
    ]);
    await createResource(client, { name: 'x'.repeat(60) });
    const [long] = dataOf(
      await client.post<{ name: string }[]>(`${RESOURCES}/generateResourceNames`, { resourceNames: ['x'.repeat(70)] }),
    );
    expect(long?.name).toBe(`${'x'.repeat(58)}_1`);
  });
});
