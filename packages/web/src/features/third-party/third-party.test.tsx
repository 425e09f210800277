import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@tessera/domain';
import { rawTranslationKeys } from '../../testing/fixtures';
import { createTestServices, renderApp } from '../../testing/render-app';
import { envelope, startTestServer, type TestServer } from '../../testing/test-server';
import { accountUser, bodyOf, recordPageLoads, requestsTo } from '../account/testing';

const IDENTITY_ID = '65e1a2b3c4d5e6f708192a3b';
const PROVIDERS = [
  { type: 'testid', name: 'TestID' },
  { type: 'other', name: 'Other ID' },
];
let server: TestServer;
let pageLoads: string[];

beforeEach(async () => {
  server = await startTestServer({ '/v2/thirdParty/providers': { body: envelope(PROVIDERS) } });
  pageLoads = recordPageLoads();
});
afterEach(async () => {
  vi.restoreAllMocks();
  document.cookie = 'uid=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  await server.close();
});

describe('third-party sign-in on the login page', { timeout: 20_000 }, () => {
  it('offers each provider, starting at authorize with goTo', async () => {
    renderApp(routes.login({ goTo: 'http://localhost:3000/activities?page=2' }), createTestServices(server));
    // The first test loads the lazy page and antd: slower than the default wait.
    const link = await screen.findByRole('link', { name: '使用 TestID 登录' }, { timeout: 10_000 });
    expect(link.getAttribute('href')).toBe(
      `${server.origin}/v2/thirdParty/authorize?type=testid&goTo=%2Factivities%3Fpage%3D2`,
    );
    expect(screen.getByRole('link', { name: '使用 Other ID 登录' })).toBeTruthy();
  });

  it('shows nothing when no provider is configured', async () => {
    server.route('/v2/thirdParty/providers', { body: envelope([]) });
    renderApp(routes.login(), createTestServices(server));
    expect(await screen.findByRole('heading', { level: 1, name: '登录 Tessera' })).toBeTruthy();
    await waitFor(() => expect(requestsTo(server, '/v2/thirdParty/providers')).toHaveLength(1));
    expect(screen.queryByTestId('third-party-sign-in')).toBeNull();
  });
});

describe('the /bind page', { timeout: 20_000 }, () => {
  const bindAddress = routes.bind({ identityId: IDENTITY_ID, goTo: 'http://localhost:3000/logged/setting' });

  async function submit(
    loginName: string,
    password: string,
    labels = { loginName: '用户名 / 邮箱 / 手机号', password: '密码' },
  ) {
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(labels.loginName), loginName);
    await user.type(screen.getByLabelText(labels.password), `${password}{Enter}`);
  }

  it('binds the identity to the account given, then loads goTo as a whole page', async () => {
    server.route('/v2/thirdParty/registerOrBind', { body: envelope(true) });
    renderApp(bindAddress, createTestServices(server, { language: 'en_US' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Link your third-party account' })).toBeTruthy();
    await submit('alice', 'Tessera2026', { loginName: 'Username, e-mail or mobile', password: 'Password' });
    await waitFor(() => expect(pageLoads).toEqual(['/logged/setting']));
    expect(bodyOf(requestsTo(server, '/v2/thirdParty/registerOrBind')[0])).toEqual({
      loginName: 'alice',
      password: 'Tessera2026',
      identityId: IDENTITY_ID,
    });
    // Signing up instead takes the identity along, to link it to the new account.
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      routes.logon({ goTo: '/logged/setting', identityId: IDENTITY_ID }),
    );
    expect(rawTranslationKeys(document.body.textContent)).toEqual([]);
  });

  it('shows the refusal as it comes and stays on the page', async () => {
    server.route('/v2/thirdParty/registerOrBind', { body: envelope(null, { errCode: 2, msg: '用户名或密码错误' }) });
    renderApp(bindAddress, createTestServices(server));
    await submit('alice', 'wrong-1');
    await waitFor(() => expect(screen.getByTestId('form-error').textContent).toBe('用户名或密码错误'));
    expect(pageLoads).toEqual([]);
  });

  it('says so when the address names no identity', async () => {
    renderApp(routes.bind(), createTestServices(server));
    expect(await screen.findByTestId('bind-missing-identity')).toBeTruthy();
    expect(screen.queryByLabelText('密码')).toBeNull();
  });
});

describe('the /logged/binding page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    document.cookie = 'uid=10001; path=/';
    server.route('/v2/users/current', { body: envelope(accountUser()) });
    server.route('/v2/thirdParty/list', {
      body: envelope([{ userId: 10001, name: 'alice (TestID)', thirdPartyType: 'testid' }]),
    });
  });

  it('sends a visitor to the login page with goTo', async () => {
    document.cookie = 'uid=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    const { router } = renderApp(routes.logged.binding(), createTestServices(server));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?goTo=${encodeURIComponent('http://localhost:3000/logged/binding')}`);
  });

  it('shows each provider bound or not, with Bind starting at authorize', async () => {
    renderApp(routes.logged.binding(), createTestServices(server));
    expect(await screen.findByRole('heading', { level: 1, name: '第三方账号' })).toBeTruthy();
    expect((await screen.findByTestId('binding-state-testid')).textContent).toBe('已绑定：alice (TestID)');
    expect(screen.getByTestId('binding-state-other').textContent).toBe('未绑定');
    const bind = within(screen.getByTestId('binding-provider-other')).getByRole('link', { name: '绑定' });
    expect(bind.getAttribute('href')).toBe(
      `${server.origin}/v2/thirdParty/authorize?type=other&goTo=%2Flogged%2Fbinding`,
    );
  });

  it('unbinds after the password is confirmed, and shows the new state', async () => {
    let unbound = false;
    server.route('/v2/thirdParty/unbind', (request) => {
      const { password } = JSON.parse(request.body) as { password: string };
      if (password !== 'Tessera2026') return { body: envelope(null, { errCode: 2, msg: '密码错误' }) };
      unbound = true;
      return { body: envelope(true) };
    });
    server.route('/v2/thirdParty/list', () => ({
      body: envelope(unbound ? [] : [{ userId: 10001, name: 'alice (TestID)', thirdPartyType: 'testid' }]),
    }));
    renderApp(routes.logged.binding(), createTestServices(server));
    const user = userEvent.setup({ delay: null });
    await user.click(
      await within(await screen.findByTestId('binding-provider-testid')).findByRole('button', { name: '解绑' }),
    );
    const dialog = await screen.findByRole('dialog', { name: '解绑 TestID' });
    await user.type(within(dialog).getByLabelText('登录密码'), 'wrong{Enter}');
    await waitFor(() => expect(within(dialog).getByTestId('form-error').textContent).toBe('密码错误'));
    await user.clear(within(dialog).getByLabelText('登录密码'));
    await user.type(within(dialog).getByLabelText('登录密码'), 'Tessera2026');
    await user.click(within(dialog).getByRole('button', { name: '确认解绑' }));
    await waitFor(() => expect(screen.getByTestId('binding-state-testid').textContent).toBe('未绑定'));
    expect(bodyOf(requestsTo(server, '/v2/thirdParty/unbind').at(-1))).toEqual({
      thirdPartyType: 'testid',
      password: 'Tessera2026',
    });
  });
});

describe('the /result/binding page', () => {
  it('tells of a success with the provider name and links onwards', async () => {
    renderApp(
      routes.result.binding({ status: 'success', type: 'testid' }),
      createTestServices(server, { language: 'en_US' }),
    );
    const panel = await screen.findByTestId('binding-result-success');
    await waitFor(() => expect(panel.textContent).toContain('TestID is bound'));
    expect(within(panel).getByRole('link', { name: 'Manage third-party accounts' }).getAttribute('href')).toBe(
      '/logged/binding',
    );
    expect(within(panel).getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/home');
  });

  it.each([
    ['expired', '登录请求已失效'],
    ['alreadyBound', '请先解绑'],
    ['something-else', '出现未知问题'],
  ])('explains the failure reason %s', async (reason, text) => {
    renderApp(routes.result.binding({ status: 'failure', type: 'testid', reason }), createTestServices(server));
    expect((await screen.findByTestId('binding-result-failure')).textContent).toContain(text);
  });
});
