import { ErrCode, SESSION_COOKIE, UID_COOKIE } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp, type TestClient } from '../../testing';
import type { PasswordCheckWire, UserWire } from '@tessera/contract/identity';

const PASSWORD = 'Secret123';
const NEW_PASSWORD = 'Changed456';

describe('passwords and login addresses', () => {
  let t: TestApp;
  let counter = 0;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: ['loopback'] } });
  });
  afterAll(() => t.close());

  const browser = (): TestClient =>
    t.client({ locale: 'en_US', headers: { 'x-forwarded-for': `198.51.100.${(counter += 1)}` } });
  const account = (fields: { email?: string; mobile?: string } = {}) => {
    counter += 1;
    return t.services.identity.createUser({
      username: `cred${counter}`,
      email: `cred${counter}@example.com`,
      password: PASSWORD,
      ...fields,
    });
  };
  const signIn = async (loginName: string, password = PASSWORD, isRemember = 0) => {
    const client = browser();
    const response = await client.post<UserWire>('/v2/passport/login', { loginName, password, isRemember });
    return { client, response };
  };
  const isSignedIn = async (client: TestClient) => (await client.get('/v2/users/current')).body.errCode === 0;
  const sendCode = async (client: TestClient, loginName: string, authCodeType: string) => {
    dataOf(await client.post('/v2/messages/send', { loginName, authCodeType }));
    return t.latestCode(loginName);
  };
  const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

  describe('PUT /v2/users/current/updatePassword', () => {
    it('refuses a wrong old password with errCode 2 and changes nothing', async () => {
      const user = await account();
      const { client } = await signIn(user.username);
      const response = await client.put('/v2/users/current/updatePassword', {
        oldPassword: 'Wrong999',
        newPassword: NEW_PASSWORD,
      });
      expect(response.body).toMatchObject({ errCode: ErrCode.Business, msg: 'The current password is wrong' });
      expect(await isSignedIn(client)).toBe(true);
      dataOf((await signIn(user.username)).response);
    });

    it('ends the other sessions and keeps this browser signed in with a new session', async () => {
      const user = await account();
      const { client } = await signIn(user.username, PASSWORD, 1);
      const { client: elsewhere } = await signIn(user.username);
      const oldSession = client.cookies.get(SESSION_COOKIE);
      const response = await client.put('/v2/users/current/updatePassword', {
        oldPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
      });
      expect(dataOf(response)).toBe(true);
      expect(response.cookies[SESSION_COOKIE]?.value).not.toBe(oldSession);
      expect(response.cookies[SESSION_COOKIE]?.maxAge).toBe(7 * 24 * 3600);
      expect(response.cookies[UID_COOKIE]?.value).toBe(String(user.userId));
      expect(await isSignedIn(elsewhere)).toBe(false);
      expect(await isSignedIn(client)).toBe(true);
      // The rotated XSRF token works for the next write.
      dataOf(await client.put('/v2/users/current/detailInfo', { intro: 'after' }));
      expect(await isSignedIn(t.client({ cookies: { [SESSION_COOKIE]: oldSession ?? '' } }))).toBe(false);
      dataOf((await signIn(user.username, NEW_PASSWORD)).response);
    });

    it('refuses a new password that breaks the rules (errCode 4), and requires the XSRF header', async () => {
      const user = await account();
      const { client } = await signIn(user.username);
      expect(
        (await client.put('/v2/users/current/updatePassword', { oldPassword: PASSWORD, newPassword: 'short' })).body,
      ).toMatchObject({
        errCode: ErrCode.BadParams,
        data: [{ field: 'newPassword' }],
      });
      expect(
        (
          await client.put(
            '/v2/users/current/updatePassword',
            { oldPassword: PASSWORD, newPassword: NEW_PASSWORD },
            { xsrf: false },
          )
        ).body.errCode,
      ).toBe(ErrCode.Forbidden);
      dataOf((await signIn(user.username)).response);
    });
  });

  describe('PUT /v2/users/{loginName}/resetPassword', () => {
    it('sets the new password with a resetPassword code and ends every session', async () => {
      const user = await account();
      const { client } = await signIn(user.username);
      const visitor = browser();
      const authCode = await sendCode(visitor, user.email, 'resetPassword');
      dataOf(
        await visitor.put(`/v2/users/${encodeURIComponent(user.email)}/resetPassword`, {
          password: NEW_PASSWORD,
          authCode,
        }),
      );
      expect(await isSignedIn(client)).toBe(false);
      dataOf((await signIn(user.email, NEW_PASSWORD)).response);
      expect((await signIn(user.email)).response.body.errCode).toBe(ErrCode.Business);
    });

    it('answers an unknown address exactly as an address without a valid code', async () => {
      const user = await account();
      const visitor = browser();
      const unknown = await visitor.put('/v2/users/nobody@example.com/resetPassword', {
        password: NEW_PASSWORD,
        authCode: '123456',
      });
      const knownWithoutCode = await visitor.put(`/v2/users/${user.email}/resetPassword`, {
        password: NEW_PASSWORD,
        authCode: '123456',
      });
      expect(unknown.body).toEqual(knownWithoutCode.body);
      expect(unknown.body.errCode).toBe(ErrCode.Business);
    });

    it('refuses a wrong code and keeps the password', async () => {
      const user = await account({ mobile: '13500000001' });
      const visitor = browser();
      const authCode = await sendCode(visitor, '13500000001', 'resetPassword');
      const response = await visitor.put('/v2/users/13500000001/resetPassword', {
        password: NEW_PASSWORD,
        authCode: wrongCodeFor(authCode),
      });
      expect(response.body.errCode).toBe(ErrCode.Business);
      dataOf((await signIn(user.username)).response);
    });
  });

  describe('GET /v2/users/verifyLoginPassword', () => {
    it('answers a proof token for the right password and none for a wrong one', async () => {
      const user = await account();
      const { client } = await signIn(user.username);
      const right = dataOf(
        await client.get<PasswordCheckWire>('/v2/users/verifyLoginPassword', { query: { password: PASSWORD } }),
      );
      expect(right).toMatchObject({ userId: user.userId, isVerifySuccessful: true });
      expect(await t.services.accounts.proofs.verify(right.state, user.userId)).toBe(true);
      expect(await t.services.accounts.proofs.verify(right.state, user.userId + 1)).toBe(false);
      expect(await t.services.accounts.proofs.verify(`${right.state}x`, user.userId)).toBe(false);
      t.clock.advance({ minutes: 6 });
      expect(await t.services.accounts.proofs.verify(right.state, user.userId)).toBe(false);
      const wrong = dataOf(
        await client.get<PasswordCheckWire>('/v2/users/verifyLoginPassword', { query: { password: 'Wrong999' } }),
      );
      expect(wrong).toEqual({ userId: user.userId, state: '', isVerifySuccessful: false });
      expect(
        (await browser().get('/v2/users/verifyLoginPassword', { query: { password: PASSWORD } })).body.errCode,
      ).toBe(ErrCode.NotLoggedIn);
    });
  });

  describe('PUT /v2/users/current/mobileOrEmail', () => {
    it('changes the e-mail with codes at the old and the new address', async () => {
      const user = await account();
      const { client } = await signIn(user.username);
      t.clock.advance({ minutes: 2 });
      const oldAuthCode = await sendCode(client, user.email, 'updateMobileOrEmail');
      const newAuthCode = await sendCode(client, 'Moved@Example.com', 'updateMobileOrEmail');
      expect(
        dataOf(
          await client.put('/v2/users/current/mobileOrEmail', {
            oldAuthCode,
            newAuthCode,
            newLoginName: 'Moved@Example.com',
          }),
        ),
      ).toBe(true);
      expect(dataOf(await client.get<UserWire>('/v2/users/current')).email).toBe('moved@example.com');
      dataOf((await signIn('moved@example.com')).response);
    });

    it('binds a first mobile number with the new address code alone', async () => {
      const user = await account();
      const { client } = await signIn(user.username);
      const newAuthCode = await sendCode(client, '13500000009', 'updateMobileOrEmail');
      dataOf(await client.put('/v2/users/current/mobileOrEmail', { newAuthCode, newLoginName: '13500000009' }));
      expect(dataOf(await client.get<UserWire>('/v2/users/current'))).toMatchObject({
        mobile: '13500000009',
        email: user.email,
      });
    });

    it('needs the old code when an address of that kind is bound, a free new address and right codes', async () => {
      const user = await account();
      const taken = await account();
      const { client } = await signIn(user.username);
      expect(
        (
          await client.put('/v2/users/current/mobileOrEmail', {
            newAuthCode: '123456',
            newLoginName: 'free@example.com',
          })
        ).body,
      ).toMatchObject({
        errCode: ErrCode.BadParams,
        data: [{ field: 'oldAuthCode' }],
      });
      const takenAnswer = await client.put('/v2/users/current/mobileOrEmail', {
        oldAuthCode: '123456',
        newAuthCode: '123456',
        newLoginName: taken.email,
      });
      expect(takenAnswer.body).toMatchObject({
        errCode: ErrCode.Business,
        msg: 'This e-mail address or mobile number is already used by an account',
      });
      t.clock.advance({ minutes: 2 });
      const oldAuthCode = await sendCode(client, user.email, 'updateMobileOrEmail');
      const newAuthCode = await sendCode(client, 'free@example.com', 'updateMobileOrEmail');
      const wrong = await client.put('/v2/users/current/mobileOrEmail', {
        oldAuthCode,
        newAuthCode: wrongCodeFor(newAuthCode),
        newLoginName: 'free@example.com',
      });
      expect(wrong.body.errCode).toBe(ErrCode.Business);
      expect(dataOf(await client.get<UserWire>('/v2/users/current')).email).toBe(user.email);
    });
  });

  describe("another user's session", () => {
    it('reads and changes only its own account, whatever ids it sends', async () => {
      const victim = await account();
      const { client: attacker } = await signIn((await account()).username);
      const current = dataOf(await attacker.get<UserWire>('/v2/users/current', { query: { userId: victim.userId } }));
      expect(current.userId).not.toBe(victim.userId);
      dataOf(await attacker.put('/v2/users/current/detailInfo', { intro: 'mine', userId: victim.userId }));
      const victimDetail = await t.db
        .selectFrom('user_details')
        .selectAll()
        .where('userId', '=', victim.userId)
        .executeTakeFirstOrThrow();
      expect(victimDetail.intro).toBe('');
      const check = dataOf(
        await attacker.get<PasswordCheckWire>('/v2/users/verifyLoginPassword', {
          query: { password: PASSWORD, userId: victim.userId },
        }),
      );
      expect(check.userId).not.toBe(victim.userId);
      expect(
        (
          await attacker.put('/v2/users/current/updatePassword', {
            oldPassword: PASSWORD,
            newPassword: NEW_PASSWORD,
            userId: victim.userId,
          })
        ).body.errCode,
      ).toBe(0);
      dataOf((await signIn(victim.username)).response);
    });
  });
});
