import { ErrCode, type FieldError } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, dataOf, type TestApp } from '../../testing';
import { areaCatalogue, buildProvinces, chinaAreas } from './areas';
import type { RequestUser } from '../../platform/session';
import { hashSessionId } from '../../platform/session';
import { KEPT_SESSION_MS } from './kept-sessions';
import { IdentityRepo } from './repo';
import { profilesReadWithSession } from './session-profiles';
import type { AreaWire, CurrentUserWire, UserView } from '@tessera/contract/identity';

describe('profile, look-ups and areas', () => {
  let t: TestApp;
  beforeAll(async () => {
    // 2025-03-01T00:00Z is 08:00 on 1 March in the platform time zone (+08:00).
    t = await createTestApp({ now: '2025-03-01T00:00:00.000Z' });
  });
  afterAll(() => t.close());

  const detailOf = (userId: number) =>
    t.db.selectFrom('user_details').selectAll().where('userId', '=', userId).executeTakeFirstOrThrow();

  describe('GET /v2/users/current', () => {
    it('answers the user with its detail; the freeze reason only while frozen', async () => {
      const { client, user } = await t.login({ email: 'cur@example.com' });
      await t.services.identity.recordLogin(user.userId, '203.0.113.1');
      const current = dataOf(await client.get<CurrentUserWire>('/v2/users/current'));
      expect(current).toMatchObject({ userId: user.userId, email: 'cur@example.com' });
      expect(current.userDetail).toEqual({
        sex: 0,
        birthday: '',
        occupation: '',
        areaCode: '',
        areaName: '',
        intro: '',
        reason: '',
        latestLoginDate: t.clock.now().toISOString(),
      });
      expect(JSON.stringify(current)).not.toContain('203.0.113.1');

      const frozen = await t.createUser();
      await t.services.identity.freezeUser(frozen.userId, 'spam');
      const { client: frozenClient } = await t.login(frozen);
      expect(dataOf(await frozenClient.get<CurrentUserWire>('/v2/users/current')).userDetail.reason).toBe('spam');
    });
  });

  it('reads the user and its detail in one statement, every column of both as the tables hold them', async () => {
    const { user } = await t.login({ email: 'joined@example.com' });
    await t.services.identity.recordLogin(user.userId, '203.0.113.9');
    const repo = new IdentityRepo(t.db);
    expect(await repo.findUserWithDetail(user.userId)).toEqual({
      user: await repo.findUser(user.userId),
      detail: await detailOf(user.userId),
    });
    await t.db.deleteFrom('user_details').where('userId', '=', user.userId).execute();
    expect((await repo.findUserWithDetail(user.userId))?.detail).toBeUndefined();
    expect(await repo.findUserWithDetail(999_999)).toBeUndefined();
  });

  it('reads the session with the user and its detail in one statement, each as its own query answers it', async () => {
    const { user, sessionId } = await t.login({ email: 'with-session@example.com' });
    await t.services.identity.recordLogin(user.userId, '203.0.113.10');
    const repo = new IdentityRepo(t.db);
    const sessionHash = hashSessionId(sessionId);
    expect(await repo.findSessionWithProfile(sessionHash)).toEqual({
      session: await repo.findSessionWithUser(sessionHash),
      profile: await repo.findUserWithDetail(user.userId),
    });
    expect(await repo.findSessionWithProfile('no-such-session')).toBeUndefined();

    // The lookup hands the profile on only with the user it returned, and applies the same checks.
    const { lookupSession } = t.services.identity;
    const caller = await lookupSession(sessionHash, true);
    expect(caller).toEqual({ userId: user.userId, status: 0 });
    expect(profilesReadWithSession.get(caller as RequestUser)).toEqual(await repo.findUserWithDetail(user.userId));
    const plain = await lookupSession(sessionHash);
    expect(plain).toEqual(caller);
    expect(profilesReadWithSession.has(plain as RequestUser)).toBe(false);
    // Expired by a write this process did not make (another instance, the operator CLI): refused once
    // what was kept of it has aged out (KEPT_SESSION_MS).
    await t.db
      .updateTable('sessions')
      .set({ expireDate: '2000-01-01T00:00:00.000Z' })
      .where('sessionHash', '=', sessionHash)
      .execute();
    await vi.waitFor(async () => expect(await lookupSession(sessionHash, true)).toBeNull(), {
      timeout: 10 * KEPT_SESSION_MS,
      interval: KEPT_SESSION_MS / 10,
    });
  });

  it('answers a profile changed a moment ago (a change made here ends what was kept)', async () => {
    const { client } = await t.login();
    expect(dataOf(await client.get<CurrentUserWire>('/v2/users/current')).userDetail.occupation).toBe('');
    dataOf(await client.put('/v2/users/current/detailInfo', { occupation: 'potter' }));
    expect(dataOf(await client.get<CurrentUserWire>('/v2/users/current')).userDetail.occupation).toBe('potter');
  });

  describe('PUT /v2/users/current/detailInfo', () => {
    it('saves the fields given, derives the area name, and leaves the others alone', async () => {
      const { client, user } = await t.login();
      dataOf(
        await client.put('/v2/users/current/detailInfo', {
          sex: 2,
          birthday: '2000-02-29',
          occupation: '工程师',
          areaCode: '330100',
          intro: 'hi',
        }),
      );
      dataOf(await client.put('/v2/users/current/detailInfo', { intro: 'hello' }));
      const { userDetail } = dataOf(await client.get<CurrentUserWire>('/v2/users/current'));
      expect(userDetail).toMatchObject({
        sex: 2,
        birthday: '2000-02-29',
        occupation: '工程师',
        areaCode: '330100',
        areaName: '浙江省杭州市',
        intro: 'hello',
      });
      expect((await detailOf(user.userId)).areaName).toBe('浙江省杭州市');
    });

    it('accepts today in the platform time zone, and clears birthday and area with empty strings', async () => {
      const { client } = await t.login();
      dataOf(await client.put('/v2/users/current/detailInfo', { birthday: '2025-03-01', areaCode: '110000' }));
      dataOf(await client.put('/v2/users/current/detailInfo', { birthday: '', areaCode: '' }));
      expect(dataOf(await client.get<CurrentUserWire>('/v2/users/current')).userDetail).toMatchObject({
        birthday: '',
        areaCode: '',
        areaName: '',
      });
    });

    it('stores SQL words and quotes verbatim and answers them as JSON text', async () => {
      const { client } = await t.login();
      const intro = `I <3 clay'; DROP TABLE users; --`;
      dataOf(await client.put('/v2/users/current/detailInfo', { intro, occupation: "' OR 1=1 --" }));
      const response = await client.get<CurrentUserWire>('/v2/users/current');
      expect(response.headers['content-type']).toContain('application/json');
      expect(dataOf(response).userDetail).toMatchObject({ intro, occupation: "' OR 1=1 --" });
      expect(await t.db.selectFrom('users').select('userId').execute()).not.toHaveLength(0);
    });

    it.each([
      ['an unknown area code', { areaCode: '999999' }, 'areaCode'],
      ['an area code of letters', { areaCode: 'abc' }, 'areaCode'],
      ['a birthday in the future', { birthday: '2025-03-02' }, 'birthday'],
      ['an impossible date', { birthday: '2001-02-29' }, 'birthday'],
      ['a birthday of another shape', { birthday: '1990/01/01' }, 'birthday'],
      ['an overlong intro', { intro: 'x'.repeat(201) }, 'intro'],
      ['an overlong occupation', { occupation: '职'.repeat(21) }, 'occupation'],
      ['sex 3', { sex: 3 }, 'sex'],
      ['sex as text', { sex: 'male' }, 'sex'],
      ['an object as intro', { intro: { $set: 1 } }, 'intro'],
      ['HTML in the intro', { intro: '<script>alert(1)</script>' }, 'intro'],
      ['HTML in the occupation', { occupation: '<b>potter</b>' }, 'occupation'],
    ])('answers errCode 4 naming the field for %s, storing nothing', async (_case, body, field) => {
      const { client, user } = await t.login();
      const before = await detailOf(user.userId);
      const response = await client.put('/v2/users/current/detailInfo', { occupation: 'changed', ...body });
      expect(response.body.errCode).toBe(ErrCode.BadParams);
      expect((response.body.data as FieldError[]).map((issue) => issue.field)).toContain(field);
      expect(await detailOf(user.userId)).toEqual(before);
    });

    it('needs a session and the XSRF header', async () => {
      expect((await t.client().put('/v2/users/current/detailInfo', { intro: 'x' })).body.errCode).toBe(
        ErrCode.NotLoggedIn,
      );
      const { client, user } = await t.login();
      expect(
        (await client.put('/v2/users/current/detailInfo', { intro: 'forged' }, { xsrf: false })).body.errCode,
      ).toBe(ErrCode.Forbidden);
      expect((await detailOf(user.userId)).intro).toBe('');
    });
  });

  describe('look-ups: detail, list, search', () => {
    let owner: Awaited<ReturnType<TestApp['login']>>;
    let other: Awaited<ReturnType<TestApp['login']>>;
    beforeAll(async () => {
      owner = await t.login({ username: 'Lookup-Owner', email: 'owner@example.com', mobile: '13600000001' });
      other = await t.login({ username: 'lookup-other', email: 'other@example.com', mobile: '13600000002' });
    });
    const PUBLIC_FIELDS = ['createDate', 'headImage', 'userId', 'userType', 'username'];

    it('answers only the public fields of another user, and every field of the caller', async () => {
      const seenByOther = dataOf(
        await other.client.get<UserView>('/v2/users/detail', { query: { userId: owner.user.userId } }),
      );
      expect(Object.keys(seenByOther ?? {}).sort()).toEqual(PUBLIC_FIELDS);
      const seenByVisitor = await t.client().get<UserView>('/v2/users/detail', { query: { username: 'LOOKUP-OWNER' } });
      expect(Object.keys(dataOf(seenByVisitor) ?? {}).sort()).toEqual(PUBLIC_FIELDS);
      expect(seenByVisitor.text).not.toContain('owner@example.com');
      const self = dataOf(
        await owner.client.get<UserView>('/v2/users/detail', { query: { userId: owner.user.userId } }),
      );
      expect(self).toMatchObject({ email: 'owner@example.com', mobile: '13600000001', status: 0 });
    });

    it('finds by e-mail or mobile for signed-in callers only, still without the address of another user', async () => {
      const byMail = await other.client.get<UserView>('/v2/users/detail', { query: { email: 'OWNER@example.com' } });
      expect(dataOf(byMail)?.userId).toBe(owner.user.userId);
      expect(byMail.text).not.toContain('13600000001');
      const byMobile = await other.client.get<UserView>('/v2/users/detail', { query: { mobile: '13600000001' } });
      expect(dataOf(byMobile)).toEqual(expect.not.objectContaining({ mobile: expect.anything() }));
      expect((await t.client().get('/v2/users/detail', { query: { email: 'owner@example.com' } })).body.errCode).toBe(
        ErrCode.NotLoggedIn,
      );
    });

    it('answers null for nobody, and errCode 4 without a key or with a malformed id', async () => {
      expect(dataOf(await t.client().get('/v2/users/detail', { query: { userId: 99999999 } }))).toBeNull();
      expect((await t.client().get('/v2/users/detail', { query: { userId: '' } })).body).toMatchObject({
        errCode: ErrCode.BadParams,
        data: [{ field: 'userId' }],
      });
      expect((await t.client().get('/v2/users/detail', { query: { userId: '1 or 1=1' } })).body.errCode).toBe(
        ErrCode.BadParams,
      );
    });

    it('lists users by id in the order given, leaving out unknown ids', async () => {
      const list = dataOf(
        await other.client.get<UserView[]>('/v2/users/list', {
          query: { userIds: `${owner.user.userId},99999999,${other.user.userId}` },
        }),
      );
      expect(list.map((user) => user.userId)).toEqual([owner.user.userId, other.user.userId]);
      expect(list[0]).not.toHaveProperty('email');
      expect(list[1]).toHaveProperty('email', 'other@example.com');
      const tooMany = Array.from({ length: 201 }, (_, index) => 10001 + index).join(',');
      expect((await t.client().get('/v2/users/list', { query: { userIds: tooMany } })).body).toMatchObject({
        errCode: ErrCode.BadParams,
        data: [{ field: 'userIds' }],
      });
      expect((await t.client().get('/v2/users/list', { query: { userIds: '1,abc' } })).body.errCode).toBe(
        ErrCode.BadParams,
      );
    });

    it('searches usernames in any case, paged, for signed-in callers', async () => {
      for (const url of ['/v2/users/search', '/v2/users/searchForConsole']) {
        const page = dataOf(
          await other.client.get<{ totalItem: number; dataList: UserView[] }>(url, {
            query: { keywords: 'LOOKUP', limit: 1 },
          }),
        );
        expect(page.totalItem).toBe(2);
        expect(page.dataList).toHaveLength(1);
        expect(JSON.stringify(page)).not.toContain('owner@example.com');
        expect(dataOf(await other.client.get<{ totalItem: number }>(url, { query: { keywords: '%' } })).totalItem).toBe(
          0,
        );
        expect((await t.client().get(url)).body.errCode).toBe(ErrCode.NotLoggedIn);
        expect((await other.client.get(url, { query: { limit: 101 } })).body.errCode).toBe(ErrCode.BadParams);
      }
    });
  });

  describe('GET /v2/areas/provinces', () => {
    it('answers the provinces sorted by code, each with its cities; municipalities list their districts', async () => {
      const provinces = dataOf(await t.client().get<AreaWire[]>('/v2/areas/provinces'));
      expect(provinces).toHaveLength(34);
      expect(provinces.map((province) => province.code)).toEqual(
        [...provinces.map((province) => province.code)].sort(),
      );
      const beijing = provinces.find((province) => province.code === '110000');
      expect(beijing?.children).toContainEqual({ code: '110108', name: '海淀区' });
      expect(beijing?.children.some((city) => city.name === '市辖区')).toBe(false);
      const chongqing = provinces.find((province) => province.code === '500000');
      expect(chongqing?.children).toContainEqual({ code: '500229', name: '城口县' });
      expect(provinces.find((province) => province.code === '330000')?.children).toContainEqual({
        code: '330100',
        name: '杭州市',
      });
      expect(chinaAreas().nameOf('110108')).toBe('北京市海淀区');
    });

    it('keeps a grouping whose members the data does not have', () => {
      const provinces = buildProvinces({ '86': { '990000': 'X省' }, '990000': { '990100': '市辖区' } });
      expect(provinces).toEqual([{ code: '990000', name: 'X省', children: [{ code: '990100', name: '市辖区' }] }]);
      expect(areaCatalogue(provinces).nameOf('990100')).toBe('X省市辖区');
    });
  });
});
