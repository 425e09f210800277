// Demo wallets: alice and bob can pay at once (activated, the documented pay password, 1000.00 each).
import type { AccountWire } from '@tessera/contract/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, MODULES, type TestApp } from '../../testing';
import { DEMO_PAY_PASSWORD, DEMO_WALLET_USERS } from './demo';
import { ACCOUNTS_PATH } from './testing';

describe('demo wallets', () => {
  let t: TestApp;
  beforeAll(async () => {
    const needed = new Set(['i18n', 'messages', 'identity', 'wallet']);
    t = await createTestApp({ demoData: true, modules: MODULES.filter((module) => needed.has(module.name)) });
  });
  afterAll(() => t.close());

  it('gives alice and bob activated accounts with 1000.00 and the pay password of the README', async () => {
    expect(DEMO_PAY_PASSWORD).toBe('123456');
    for (const username of DEMO_WALLET_USERS) {
      const user = await t.services.identity.resolveUser(username);
      const { client } = await t.login(user);
      expect(dataOf(await client.get<AccountWire>(`${ACCOUNTS_PATH}/${user.userId}`))).toMatchObject({
        accountName: username,
        status: 1,
        balance: '1000.00',
      });
      const verify = `${ACCOUNTS_PATH}/verifyTransactionPassword`;
      expect(dataOf(await client.get<boolean>(verify, { query: { password: DEMO_PAY_PASSWORD } }))).toBe(true);
    }
    expect((await t.services.walletAdmin.reconcile()).differences).toEqual([]);
  });
});
