import { ErrCode, RET_FROZEN } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp } from '../../testing';
import { DEMO_PASSWORD } from './demo';
import type { UserWire } from '@tessera/contract/identity';

describe('demo users', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoData: true });
  });
  afterAll(() => t.close());

  const login = (loginName: string) =>
    t.client({ locale: 'en_US' }).post<UserWire>('/v2/passport/login', { loginName, password: DEMO_PASSWORD });

  it('signs alice in by e-mail or username and bob by mobile number', async () => {
    expect(dataOf(await login('alice@tessera.local'))).toMatchObject({ username: 'alice', status: 0 });
    expect(dataOf(await login('Alice'))).toMatchObject({ username: 'alice' });
    expect(dataOf(await login('13800000001'))).toMatchObject({ username: 'bob', status: 0 });
  });

  it('has mallory frozen with a reason', async () => {
    const client = t.client({ locale: 'en_US' });
    const mallory = dataOf(
      await client.post<UserWire>('/v2/passport/login', { loginName: 'mallory', password: DEMO_PASSWORD }),
    );
    expect(mallory.status).toBe(1);
    expect((await client.post('/v2/i18n/configs/list', {})).body).toMatchObject({
      ret: RET_FROZEN,
      errCode: ErrCode.Frozen,
    });
    const users = await t.services.identity.listUsers();
    expect(users.find((user) => user.username === 'mallory')?.reason).toContain('infringing');
  });
});
