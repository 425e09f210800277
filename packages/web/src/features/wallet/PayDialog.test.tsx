import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContractWire } from '@tessera/contract/contracts';
import { envelope, type TestServer } from '../../testing/test-server';
import { bodyOf } from '../account/testing';
import { contractWire, grantedContract, routeContracts } from '../contracts/testing';
import { openPage, requestsTo, signInAlice, startResourceServer } from '../resources/testing';
import { accountWire, ALICE_ACCOUNT, routeWallet, signInInfoWire, type WalletState } from './testing';

let server: TestServer;
afterEach(async () => {
  document.cookie = 'locale=; max-age=0; path=/';
  await server.close();
});

async function openDrawer(contract: ContractWire, wallet: WalletState, language: 'zh_CN' | 'en_US' = 'zh_CN') {
  server = await startResourceServer();
  signInAlice(server);
  const calls = { contracts: [contract] };
  routeContracts(server, calls);
  routeWallet(server, wallet);
  openPage(server, `/logged/contract?contractId=${contract.contractId}`, language);
  const drawer = await screen.findByTestId('contract-drawer', {}, { timeout: 10_000 });
  return { drawer, calls };
}

const paymentPath = (contract: ContractWire) => `/v2/contracts/${contract.contractId}/events/payment`;
const refusal = (code: string, msg: string, data: object = {}) => ({
  body: envelope({ code, ...data }, { errCode: 2, msg }),
});

describe('paying a contract from its drawer', { timeout: 40_000 }, () => {
  it('zh_CN: amount and balances, a wrong password with tries left, then one charge however often it is clicked, and the new state', async () => {
    const contract = contractWire();
    const { drawer, calls } = await openDrawer(contract, { account: accountWire(), signInInfo: signInInfoWire() });
    const user = userEvent.setup({ delay: null });

    await user.click(within(drawer).getByRole('button', { name: '支付 10.00 币 → paid' }));
    const dialog = await screen.findByTestId('pay-dialog');
    await waitFor(() => expect(within(dialog).getByTestId('pay-balance').textContent).toBe('1,000.00 币'));
    expect(within(dialog).getByTestId('pay-amount').textContent).toBe('10.00 币');
    expect(within(dialog).getByTestId('pay-balance-after').textContent).toBe('990.00 币');
    const pay = within(dialog).getByRole('button', { name: '确认支付 10.00 币' });
    expect(pay.hasAttribute('disabled')).toBe(true);

    server.route(paymentPath(contract), refusal('E1010', '支付密码错误，还可尝试 4 次', { triesLeft: 4 }));
    const password = within(dialog).getByLabelText('支付密码');
    await waitFor(() => expect(document.activeElement).toBe(password));
    await user.type(password, '111111{Enter}');
    await waitFor(() =>
      expect(within(dialog).getByTestId('pay-error').textContent).toBe('支付密码错误，还可尝试 4 次 '),
    );
    expect((password as HTMLInputElement).value).toBe('');
    expect(password.getAttribute('aria-invalid')).toBe('true');

    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.route(paymentPath(contract), () => {
      calls.contracts = [{ ...contract, fsmCurrentState: 'paid' }];
      return {
        after: answered,
        body: envelope({
          transactionRecordId: '6650e0c2e4b0f3d9000000b1',
          status: 2,
          contractId: contract.contractId,
          fsmCurrentState: 'paid',
          authStatus: 1,
        }),
      };
    });
    await user.type(password, '123456');
    await user.dblClick(pay);
    await user.click(pay);
    answer();

    const result = await screen.findByTestId('pay-result');
    expect(within(result).getByRole('status').textContent).toBe('支付成功：已向 bob 支付 10.00 币。');
    expect(within(result).getByTestId('pay-new-state').textContent).toBe('paid');
    const payments = requestsTo(server, 'POST', paymentPath(contract));
    expect(payments).toHaveLength(2);
    const [refused, paid] = payments.map(bodyOf) as { idempotencyKey: string }[];
    expect(paid).toEqual({
      eventId: expect.any(String),
      accountId: ALICE_ACCOUNT,
      transactionAmount: '10.00',
      password: '123456',
      idempotencyKey: refused?.idempotencyKey,
    });
    // The contract is read again: the drawer behind shows its new state.
    await waitFor(() => expect(within(drawer).getByTestId('contract-current-state').textContent).toBe('paid'));
    // Nothing is left to pay in the new state: no empty payments section behind the result.
    expect(within(drawer).queryByTestId('contract-payments')).toBeNull();
    expect(screen.getByTestId('pay-result')).toBeTruthy();
  });

  it('en_US: too few coins blocks the payment with a link to the wallet; a lock is told in the server’s words', async () => {
    const contract = contractWire();
    const wallet: WalletState = { account: accountWire({ balance: '5.00' }), signInInfo: signInInfoWire() };
    const { drawer } = await openDrawer(contract, wallet, 'en_US');
    const user = userEvent.setup({ delay: null });

    await user.click(within(drawer).getByRole('button', { name: 'Pay 10.00 coins → paid' }));
    const dialog = await screen.findByTestId('pay-dialog');
    const blocked = await within(dialog).findByTestId('pay-blocked');
    expect(blocked.textContent).toContain('Your balance is too low for this amount.');
    expect(within(blocked).getByRole('link', { name: 'Go to my wallet' }).getAttribute('href')).toBe('/logged/wallet');
    expect(within(dialog).getByTestId('pay-balance-after').textContent).toBe('-5.00 coins');
    expect(within(dialog).getByRole('button', { name: 'Pay 10.00 coins' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('pay-dialog')).toBeNull());

    wallet.account = accountWire();
    server.route(
      paymentPath(contract),
      refusal('E1011', 'Too many wrong pay passwords: payments are locked, try again in 30 minutes', {
        retryAfterSeconds: 1800,
      }),
    );
    await user.click(within(drawer).getByRole('button', { name: 'Pay 10.00 coins → paid' }));
    const again = await screen.findByTestId('pay-dialog');
    await waitFor(() => expect(within(again).getByTestId('pay-balance').textContent).toBe('1,000.00 coins'));
    await user.type(within(again).getByLabelText('Pay password'), '123456{Enter}');
    await waitFor(() =>
      expect(within(again).getByTestId('pay-error').textContent).toContain(
        'Too many wrong pay passwords: payments are locked, try again in 30 minutes',
      ),
    );
  });

  it('offers no payment to the licensor', async () => {
    const contract = grantedContract();
    const { drawer } = await openDrawer(contract, { account: accountWire(), signInInfo: signInInfoWire() });
    expect(within(drawer).getByTestId('contract-next').textContent).toContain('paid');
    expect(within(drawer).queryByTestId('contract-pay')).toBeNull();
  });
});
