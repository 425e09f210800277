import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TestServer } from '../../testing/test-server';
import { envelope } from '../../testing/test-server';
import { bodyOf } from '../account/testing';
import { openPage, requestsTo, signInAlice, startResourceServer } from '../resources/testing';
import { accountWire, routeWallet, signInInfoWire, type WalletState } from './testing';

let server: TestServer;
afterEach(async () => {
  document.cookie = 'locale=; max-age=0; path=/';
  await server.close();
});

async function openWallet(state: WalletState, path = '/logged/wallet', language: 'zh_CN' | 'en_US' = 'zh_CN') {
  server = await startResourceServer();
  signInAlice(server);
  routeWallet(server, state);
  server.route('/v2/messages/send', { body: envelope(true) });
  const view = openPage(server, path, language);
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
  return view;
}

const rawKeys = (text: string | null) => (text ?? '').match(/\bwalletPage\.[A-Za-z.]+/g) ?? [];

describe('the wallet page', { timeout: 30_000 }, () => {
  it('zh_CN: activates a new account with a code to the bound address and the pay password typed twice', async () => {
    const state: WalletState = { account: accountWire({ status: 0, balance: '0.00' }), signInInfo: signInInfoWire() };
    await openWallet(state);
    const section = await screen.findByTestId('wallet-activation', {}, { timeout: 10_000 });
    expect(section.textContent).toContain('验证码将发送到 alice@example.com');
    const user = userEvent.setup({ delay: null });

    await user.click(within(section).getByRole('button', { name: '获取验证码' }));
    await screen.findByRole('button', { name: /^\d+ 秒后重新获取$/ });
    expect(bodyOf(requestsTo(server, 'POST', '/v2/messages/send')[0])).toEqual({
      loginName: 'alice@example.com',
      authCodeType: 'activateTransactionAccount',
    });

    await user.type(screen.getByLabelText('验证码'), '123456');
    // The 6-cell input is one labelled password field: letters are dropped, a seventh digit too.
    const password = screen.getByLabelText('支付密码（6 位数字）');
    expect(password.getAttribute('type')).toBe('password');
    await user.type(password, '12a34567');
    expect((password as HTMLInputElement).value).toBe('123456');
    const described = (password.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain('已输入 6 位，共 6 位');
    await user.type(screen.getByLabelText('确认支付密码'), '654321');
    await user.click(screen.getByRole('button', { name: '激活钱包' }));
    expect(await screen.findByText('两次输入的支付密码不一致')).toBeTruthy();
    expect(requestsTo(server, 'PUT', '/v2/accounts/individualAccounts/activate')).toHaveLength(0);

    server.route('/v2/accounts/individualAccounts/activate', () => {
      state.account = accountWire({ status: 1, balance: '0.00' });
      return { body: envelope(state.account) };
    });
    await user.clear(screen.getByLabelText('确认支付密码'));
    await user.type(screen.getByLabelText('确认支付密码'), '123456');
    await user.click(screen.getByRole('button', { name: '激活钱包' }));

    expect((await screen.findByTestId('wallet-balance-amount', {}, { timeout: 10_000 })).textContent).toBe('0.00');
    expect(bodyOf(requestsTo(server, 'PUT', '/v2/accounts/individualAccounts/activate')[0])).toEqual({
      messageAddress: 'alice@example.com',
      authCode: '123456',
      password: '123456',
    });
    expect(screen.queryByTestId('wallet-activation')).toBeNull();
    expect(screen.getByTestId('wallet-change-password')).toBeTruthy();
    expect(rawKeys(document.body.textContent)).toEqual([]);
  });

  it('en_US: shows the balance and the streak, and signs in for coins once', async () => {
    await openWallet(
      { account: accountWire({ balance: '1200.50' }), signInInfo: signInInfoWire() },
      '/logged/wallet',
      'en_US',
    );
    expect((await screen.findByTestId('wallet-balance-amount', {}, { timeout: 10_000 })).textContent).toBe('1,200.50');
    expect(screen.getByRole('heading', { level: 1, name: 'My wallet' })).toBeTruthy();
    expect((await screen.findByTestId('sign-in-streak')).textContent).toBe('2-day streak');
    const chart = await screen.findByRole('img', { name: '100.00 coins in and 10.00 coins out over 3 days' });
    const table = document.getElementById(chart.getAttribute('aria-describedby') ?? '');
    expect(
      within(table as HTMLElement)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DateIncomeSpending', '2026-03-01100.000.00', '2026-03-020.000.00', '2026-03-030.0010.00']);
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('button', { name: 'Sign in for coins' }));
    await waitFor(() =>
      expect(screen.getByTestId('sign-in-result').textContent).toBe('Signed in: 30.00 coins, a 3-day streak.'),
    );
    const done = await screen.findByRole('button', { name: 'Signed in today' });
    expect(done.hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('sign-in-streak').textContent).toBe('3-day streak');
    expect(requestsTo(server, 'GET', '/v2/activities/facade/sign')).toHaveLength(1);
    expect(rawKeys(document.body.textContent)).toEqual([]);
  });

  it('shows the error with a retry when the account cannot be read', async () => {
    const state: WalletState = { account: accountWire(), signInInfo: signInInfoWire() };
    server = await startResourceServer();
    signInAlice(server);
    routeWallet(server, state);
    server.route('/v2/accounts/individualAccounts/10001', {
      body: envelope(null, { errCode: 1, msg: '服务暂时不可用' }),
    });
    openPage(server, '/logged/wallet');
    const error = await screen.findByTestId('wallet-error', {}, { timeout: 10_000 });
    expect(error.textContent).toContain('服务暂时不可用');
    routeWallet(server, state);
    await userEvent.setup({ delay: null }).click(within(error).getByRole('button', { name: /重 ?试/ }));
    expect((await screen.findByTestId('wallet-balance-amount')).textContent).toBe('1,000.00');
  });

  it('changes the pay password with the current one and a code; a refusal shows the server’s message', async () => {
    await openWallet({ account: accountWire(), signInInfo: signInInfoWire() });
    const section = await screen.findByTestId('wallet-change-password', {}, { timeout: 10_000 });
    server.route('/v2/accounts/individualAccounts', {
      body: envelope(null, { errCode: 2, msg: '支付密码错误，还可尝试 4 次' }),
    });
    const user = userEvent.setup({ delay: null });
    await user.type(within(section).getByLabelText('当前支付密码'), '111111');
    await user.type(within(section).getByLabelText('新支付密码（6 位数字）'), '135790');
    await user.type(within(section).getByLabelText('确认支付密码'), '135790');
    await user.click(within(section).getByRole('button', { name: '获取验证码' }));
    await within(section).findByRole('button', { name: /^\d+ 秒后重新获取$/ });
    expect(bodyOf(requestsTo(server, 'POST', '/v2/messages/send')[0])).toEqual({
      loginName: 'alice@example.com',
      authCodeType: 'updateTransactionAccountPwd',
    });
    await user.type(within(section).getByLabelText('验证码'), '424242');
    await user.click(within(section).getByRole('button', { name: '修改支付密码' }));
    await waitFor(() =>
      expect(within(section).getByTestId('form-error').textContent).toBe('支付密码错误，还可尝试 4 次'),
    );

    server.route('/v2/accounts/individualAccounts', { body: envelope(true) });
    await user.click(within(section).getByRole('button', { name: '修改支付密码' }));
    expect(await within(section).findByText('支付密码已修改。')).toBeTruthy();
    expect(bodyOf(requestsTo(server, 'PUT', '/v2/accounts/individualAccounts')[1])).toEqual({
      oldPassword: '111111',
      password: '135790',
      messageAddress: 'alice@example.com',
      authCode: '424242',
    });
    expect((within(section).getByLabelText('当前支付密码') as HTMLInputElement).value).toBe('');
  });

  it('resets a forgotten pay password with the login password and a code', async () => {
    await openWallet({ account: accountWire(), signInInfo: signInInfoWire() }, '/retrievePayPassword');
    server.route('/v2/accounts/individualAccounts/resetPassword', { body: envelope(true) });
    expect(screen.getByRole('heading', { level: 1, name: '找回支付密码' })).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('登录密码'), 'Secret2026');
    await user.type(screen.getByLabelText('验证码'), '222333');
    await user.type(screen.getByLabelText('新支付密码（6 位数字）'), '246810');
    await user.type(screen.getByLabelText('确认支付密码'), '246810');
    await user.click(screen.getByRole('button', { name: '重置支付密码' }));
    expect(await screen.findByText('支付密码已重置。')).toBeTruthy();
    expect(bodyOf(requestsTo(server, 'PUT', '/v2/accounts/individualAccounts/resetPassword')[0])).toEqual({
      loginPassword: 'Secret2026',
      messageAddress: 'alice@example.com',
      authCode: '222333',
      password: '246810',
    });
  });
});
