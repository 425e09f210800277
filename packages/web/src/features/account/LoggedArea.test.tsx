import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@tessera/domain';
import { createTestServices, renderApp } from '../../testing/render-app';
import { envelope, startTestServer, type TestServer } from '../../testing/test-server';
import { accountUser, rawAccountKeys, recordPageLoads, requestsTo } from './testing';

const SETTING = 'http://localhost:3000/logged/setting?tab=profile';
let server: TestServer;
let pageLoads: string[];
beforeEach(async () => {
  server = await startTestServer();
  pageLoads = recordPageLoads();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
});

const addressOf = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('the logged-in area guard', () => {
  it('sends a visitor without the uid cookie to the login page with goTo, without asking the server', async () => {
    const { router } = renderApp('/logged/setting?tab=profile', createTestServices(server));
    expect(await screen.findByRole('heading', { level: 1, name: '登录 Tessera' })).toBeTruthy();
    expect(addressOf(router)).toBe(routes.login({ goTo: SETTING }));
    expect(requestsTo(server, '/v2/users/current')).toHaveLength(0);
  });

  it('encodes the return address once, and signing in goes back to exactly that page', async () => {
    const { router } = renderApp('/storage?bucketName=x', createTestServices(server));
    expect(await screen.findByRole('heading', { level: 1, name: '登录 Tessera' })).toBeTruthy();
    expect(addressOf(router)).toBe('/login?goTo=http%3A%2F%2Flocalhost%3A3000%2Fstorage%3FbucketName%3Dx');
    server.route('/v2/passport/login', { body: envelope(accountUser()) });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('用户名 / 邮箱 / 手机号'), 'alice');
    await user.type(screen.getByLabelText('密码'), 'Tessera2026{Enter}');
    await waitFor(() => expect(pageLoads).toEqual(['/storage?bucketName=x']));
  });

  it('sends a person whose session is gone (errCode 30) to the login page with goTo', async () => {
    document.cookie = 'uid=10001; path=/';
    server.route('/v2/users/current', { body: envelope(null, { errCode: 30, msg: 'user is not logged in' }) });
    const { router } = renderApp('/logged/setting?tab=profile', createTestServices(server));
    await waitFor(() => expect(addressOf(router)).toBe(routes.login({ goTo: SETTING })));
  });

  it('shows the signed-in account on /logged/setting', async () => {
    document.cookie = 'uid=10001; path=/';
    server.route('/v2/users/current', { body: envelope(accountUser({ mobile: '' })) });
    renderApp('/logged', createTestServices(server));
    expect(await screen.findByRole('heading', { level: 1, name: '个人中心' })).toBeTruthy();
    const details = screen.getByTestId('account-details');
    expect(details.textContent).toContain('alice');
    expect(details.textContent).toContain('alice@example.com');
    expect(details.textContent).toContain('未绑定');
    expect(rawAccountKeys(document.body.textContent)).toEqual([]);
  });

  it('asks who is signed in once for the guard and the header together', async () => {
    document.cookie = 'uid=10001; path=/';
    server.route('/v2/users/current', { body: envelope(accountUser()) });
    renderApp('/logged', createTestServices(server));
    expect(await screen.findByRole('heading', { level: 1, name: '个人中心' })).toBeTruthy();
    expect(await screen.findByTestId('current-user')).toBeTruthy();
    expect(requestsTo(server, '/v2/users/current')).toHaveLength(1);
  });
});
