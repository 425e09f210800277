import { ErrCode, RET_FROZEN, SESSION_COOKIE, UID_COOKIE } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSessionId } from '../../platform/session';
import { createTestApp, dataOf, type TestApp } from '../../testing';
import type { UserWire } from '@tessera/contract/identity';

describe('sessions and GET /v2/users/current', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('numbers users from 10001', async () => {
    const first = await t.createUser();
    const second = await t.createUser();
    expect(first.userId).toBe(10001);
    expect(second.userId).toBe(first.userId + 1);
  });

  it('answers errCode 30 without a session, and leaves an absent uid cookie alone', async () => {
    const response = await t.client().get('/v2/users/current');
    expect(response.body).toEqual({ ret: 0, errCode: ErrCode.NotLoggedIn, msg: '用户未登录', data: null });
    expect(response.cookies[UID_COOKIE]).toBeUndefined();
  });

  it('expires the uid cookie when answering errCode 30', async () => {
    const client = t.client({ cookies: { [UID_COOKIE]: '10001', [SESSION_COOKIE]: 'no-such-session' } });
    const response = await client.get('/v2/users/current');
    expect(response.body.errCode).toBe(ErrCode.NotLoggedIn);
    const uid = response.cookies[UID_COOKIE];
    expect(uid?.value).toBe('');
    expect(uid?.expires?.getTime()).toBeLessThan(Date.now());
    expect(client.cookies.has(UID_COOKIE)).toBe(false);
  });

  it('answers the user of a valid session, without the password hash', async () => {
    const { client, user } = await t.login({
      username: 'alice',
      email: 'alice@example.com',
      passwordHash: 'secret-hash',
    });
    const response = await client.get<UserWire>('/v2/users/current');
    expect(dataOf(response)).toEqual({
      userId: user.userId,
      username: 'alice',
      email: 'alice@example.com',
      mobile: '',
      userType: 0,
      userRole: 1,
      status: 0,
      headImage: `/avatars/${user.userId}`,
      createDate: t.clock.now().toISOString(),
      updateDate: t.clock.now().toISOString(),
      userDetail: {
        sex: 0,
        birthday: '',
        occupation: '',
        areaCode: '',
        areaName: '',
        intro: '',
        reason: '',
        latestLoginDate: '',
      },
    });
    expect(response.text).not.toContain('secret-hash');
    expect(response.text).not.toContain('passwordHash');
  });

  it('stores only the hash of the session id', async () => {
    const { sessionId } = await t.login();
    const rows = await t.db.selectFrom('sessions').select('sessionHash').execute();
    expect(rows.map((row) => row.sessionHash)).toContain(hashSessionId(sessionId));
    expect(rows.map((row) => row.sessionHash)).not.toContain(sessionId);
  });

  it('accepts the session id as a Bearer token', async () => {
    const { sessionId, user } = await t.login();
    const response = await t
      .client({ headers: { authorization: `Bearer ${sessionId}` } })
      .get<UserWire>('/v2/users/current');
    expect(dataOf(response).userId).toBe(user.userId);
  });

  describe('session lifetime', () => {
    it('ends every session after 7 days', async () => {
      const { client } = await t.login({}, { isRemember: true });
      for (let day = 0; day < 6; day += 1) {
        t.clock.advance({ days: 1 });
        expect((await client.get('/v2/users/current')).body.errCode).toBe(0);
      }
      t.clock.advance({ days: 1 });
      expect((await client.get('/v2/users/current')).body.errCode).toBe(ErrCode.NotLoggedIn);
    });

    it('ends a session without "remember me" after 24 hours without requests', async () => {
      const { client } = await t.login({}, { isRemember: false });
      t.clock.advance({ hours: 23 });
      expect((await client.get('/v2/users/current')).body.errCode).toBe(0);
      t.clock.advance({ hours: 23 });
      expect((await client.get('/v2/users/current')).body.errCode).toBe(0);
      t.clock.advance({ hours: 24 });
      expect((await client.get('/v2/users/current')).body.errCode).toBe(ErrCode.NotLoggedIn);
    });

    it('forgets sessions that can no longer be used (housekeeping)', async () => {
      const count = async (userId: number) =>
        (await t.db.selectFrom('sessions').select('sessionHash').where('userId', '=', userId).execute()).length;
      const remembered = await t.login({}, { isRemember: true });
      const browserSession = await t.login({}, { isRemember: false });
      await t.app.jobs.runDue();
      t.clock.advance({ days: 1, hours: 1 });
      expect(await t.app.jobs.runDue()).toContain('identity:sessions');
      expect([await count(remembered.user.userId), await count(browserSession.user.userId)]).toEqual([1, 0]);
      t.clock.advance({ days: 6 });
      await t.app.jobs.runDue();
      expect(await count(remembered.user.userId)).toBe(0);
    });
  });

  describe('a frozen user', () => {
    it('is answered ret 4 / errCode 10 outside /v2/users, /v2/passport and /v2/activities', async () => {
      const { client } = await t.login({ status: 1 });
      const blocked = await client.post('/v2/i18n/configs/list', {});
      expect(blocked.body).toEqual({ ret: RET_FROZEN, errCode: ErrCode.Frozen, msg: '该账号已被冻结', data: null });

      const current = await client.get<UserWire>('/v2/users/current');
      expect(dataOf(current).status).toBe(1);
      expect((await client.get('/v2/activities/list4Client')).body.errCode).toBe(0);
    });

    it('still gets errCode 8 for an unknown route (the route is checked first)', async () => {
      const { client } = await t.login({ status: 1 });
      expect((await client.get('/v2/no/such/route')).body).toMatchObject({ ret: 0, errCode: ErrCode.RouteNotFound });
    });
  });
});
