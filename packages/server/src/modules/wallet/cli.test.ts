// `tessera admin wallet grant|reconcile|freeze|unfreeze` (DOMAIN §7.1, §7.2).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AccountWire } from '@tessera/contract/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliError, UsageError } from '../../cli/errors';
import { runCli } from '../../cli/run';
import { cliRunner } from '../../cli/testing';
import { createTestApp, dataOf, type TestApp } from '../../testing';
import { runWalletCommand } from './cli';
import { ACCOUNTS_PATH, balanceOf, issuanceAccountId } from './testing';

describe('tessera admin wallet', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const context = (print: (text: string) => void) => ({
    admin: t.services.walletAdmin,
    accounts: t.services.walletAccounts,
    identity: t.services.identity,
    print,
  });
  const { run, failure } = cliRunner((argv, print) => runWalletCommand(argv, context(print)));

  it('grants coins from the issuance account as a type 4 record with the remark', async () => {
    const { client, user } = await t.login({ username: 'Granted' });
    const account = await t.services.walletAccounts.accountOfUser(user.userId);
    const issuanceBefore = await balanceOf(t, await issuanceAccountId(t));
    const printed = await run('grant', 'granted', '12.5', '--remark', ' Contest prize ');
    const record = await t.db
      .selectFrom('wallet_transaction_records')
      .selectAll()
      .where('toAccountId', '=', account.accountId)
      .executeTakeFirstOrThrow();
    expect(printed).toBe(
      `Granted 12.50 to Granted (account ${account.accountId}): record ${record.recordId}, balance now 12.50.`,
    );
    expect(record).toMatchObject({ transactionType: 4, remark: 'Contest prize', operatorId: 0, status: 2 });
    expect(dataOf(await client.get<AccountWire>(`${ACCOUNTS_PATH}/${user.userId}`)).balance).toBe('12.50');
    expect(await balanceOf(t, await issuanceAccountId(t))).toBe(issuanceBefore - 1_250);
    expect(await run('grant', String(user.userId), '100', '--remark', 'again')).toMatch(/balance now 112\.50\.$/);
  });

  it('refuses a grant without a remark, amount or known user, and amounts that are not whole cents above 0', async () => {
    await t.createUser({ username: 'Refused' });
    expect(await failure('grant', 'refused', '10')).toBeInstanceOf(UsageError);
    expect(await failure('grant', 'refused')).toBeInstanceOf(UsageError);
    for (const amount of ['1.234', '0', '0.00', '-5', '1e3', 'ten'])
      expect((await failure('grant', 'refused', amount, '--remark', 'x')).message).toMatch(/not an amount/);
    const unknown = await failure('grant', 'nobody-here', '1', '--remark', 'x');
    expect([unknown.constructor, unknown.message]).toEqual([CliError, 'The user does not exist']);
    expect(await failure('grant')).toBeInstanceOf(UsageError);
    expect(await failure('bogus')).toBeInstanceOf(UsageError);
    expect(await run('help')).toMatch(/^Usage: tessera admin wallet/);
  });

  it('reconciles: no difference on a sound ledger; every difference printed and exit code 1 otherwise', async () => {
    const user = await t.createUser();
    await run('grant', String(user.userId), '5', '--remark', 'x');
    expect(await run('reconcile')).toMatch(/^Checked \d+ accounts and \d+ records\.\nNo difference/);
    const account = await t.services.walletAccounts.accountOfUser(user.userId);
    await t.db
      .updateTable('wallet_accounts')
      .set({ balance: 900 })
      .where('accountId', '=', account.accountId)
      .execute();
    const lines: string[] = [];
    const error = await runWalletCommand(
      ['reconcile'],
      context((text) => void lines.push(text)),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(1);
    expect(lines).toContain(`account ${account.accountId} (${account.accountName}): balance 9.00, entries sum to 5.00`);
    expect(lines).toContain('all balances sum to 4.00, not 0.00');
    await t.db
      .updateTable('wallet_accounts')
      .set({ balance: 500 })
      .where('accountId', '=', account.accountId)
      .execute();
    expect(await run('reconcile')).toMatch(/No difference/);
  });

  it('freezes and unfreezes an account', async () => {
    const user = await t.createUser({ username: 'Icy' });
    const account = await t.services.walletAccounts.presetPayPassword(user.userId, '123123');
    expect(await run('freeze', 'icy')).toBe(`Froze the account ${account.accountId} of Icy.`);
    expect((await t.services.walletAccounts.accountOfUser(user.userId)).status).toBe(2);
    expect(await run('unfreeze', String(user.userId))).toBe(`Unfroze the account ${account.accountId} of Icy.`);
    expect((await t.services.walletAccounts.accountOfUser(user.userId)).status).toBe(1);
  });
});

describe('tessera admin wallet through the command line', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tessera-wallet-cli-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is wired in: reconcile on a new installation finds no difference', async () => {
    const out: string[] = [];
    const io = { env: { DATA_DIR: dataDir }, cwd: dataDir, out: (text: string) => void out.push(text), err: () => {} };
    expect(await runCli(['admin', 'wallet', 'reconcile'], io)).toBe(0);
    expect(out.join('')).toMatch(/No difference/);
  });
});
