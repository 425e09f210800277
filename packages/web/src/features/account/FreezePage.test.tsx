import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@tessera/domain';
import { createTestServices, renderApp } from '../../testing/render-app';
import { envelope, startTestServer, type TestServer } from '../../testing/test-server';
import { accountUser, rawAccountKeys, recordPageLoads, requestsTo, userDetail } from './testing';
import { SUPPORT_EMAIL } from './support';

let server: TestServer;
let pageLoads: string[];
beforeEach(async () => {
  server = await startTestServer({ '/v2/passport/logout': { body: envelope(true) } });
  pageLoads = recordPageLoads();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
});

const addressOf = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

function signedInAs(user: ReturnType<typeof accountUser>): void {
  document.cookie = `uid=${user.userId}; path=/`;
  server.route('/v2/users/current', { body: envelope(user) });
}

const frozenUser = (reason = '') => accountUser({ status: 1, userDetail: userDetail({ reason }) });

describe('the freeze page', () => {
  it('shows a frozen user the reason the server gives and how to reach support', async () => {
    signedInAs(frozenUser('发布侵权内容'));
    renderApp(routes.freeze({ goTo: '/activities' }), createTestServices(server));
    expect(await screen.findByRole('heading', { level: 1, name: '账户已被冻结' })).toBeTruthy();
    expect(screen.getByTestId('freeze-reason').textContent).toContain('发布侵权内容');
    expect(screen.getByRole('heading', { name: '冻结原因' })).toBeTruthy();
    expect(screen.getByRole('link', { name: SUPPORT_EMAIL }).getAttribute('href')).toBe(`mailto:${SUPPORT_EMAIL}`);
    // The page asks without the redirects: a frozen answer must not send it to itself again.
    expect(pageLoads).toEqual([]);
  });

  it('explains in general terms when the reason is not known', async () => {
    signedInAs(frozenUser());
    renderApp(routes.freeze(), createTestServices(server, { language: 'en_US' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This account is frozen' })).toBeTruthy();
    expect(screen.getByTestId('freeze-reason').textContent).toContain('An administrator froze your account');
    expect(pageLoads).toEqual([]);
    expect(rawAccountKeys(document.body.textContent)).toEqual([]);
  });

  it('sends a visitor to the login page, goTo kept, without asking the server', async () => {
    const { router } = renderApp(routes.freeze({ goTo: '/activities' }), createTestServices(server));
    expect(await screen.findByRole('heading', { level: 1, name: '登录 Tessera' })).toBeTruthy();
    expect(addressOf(router)).toBe(routes.login({ goTo: '/activities' }));
    expect(requestsTo(server, '/v2/users/current')).toHaveLength(0);
    expect(screen.queryByText('账户已被冻结')).toBeNull();
  });

  it('sends a person whose session is gone (errCode 30) to the login page', async () => {
    document.cookie = 'uid=10001; path=/';
    server.route('/v2/users/current', { body: envelope(null, { errCode: 30, msg: 'user is not logged in' }) });
    const { router } = renderApp(routes.freeze(), createTestServices(server));
    await waitFor(() => expect(addressOf(router)).toBe(routes.login()));
    expect(screen.queryByText('账户已被冻结')).toBeNull();
  });

  it('sends a signed-in user whose account is not frozen on to goTo', async () => {
    signedInAs(accountUser());
    const { router } = renderApp(routes.freeze({ goTo: '/activities?from=mail' }), createTestServices(server));
    await waitFor(() => expect(addressOf(router)).toBe('/activities?from=mail'));
    expect(screen.queryByText('账户已被冻结')).toBeNull();
    expect(pageLoads).toEqual([]);
  });

  it('sends a signed-in user whose account is not frozen to /home without goTo', async () => {
    signedInAs(accountUser());
    const { router } = renderApp(routes.freeze(), createTestServices(server));
    await waitFor(() => expect(addressOf(router)).toBe(routes.home()));
  });

  it('offers a retry when the account cannot be read', async () => {
    document.cookie = 'uid=10001; path=/';
    server.route('/v2/users/current', { status: 500, body: 'down' });
    renderApp(routes.freeze(), createTestServices(server));
    expect(await screen.findByTestId('freeze-error')).toBeTruthy();
    expect(screen.queryByText('账户已被冻结')).toBeNull();
    signedInAs(frozenUser());
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { level: 1, name: '账户已被冻结' })).toBeTruthy();
  });

  it('signs out and reloads at /home', async () => {
    signedInAs(frozenUser());
    renderApp(routes.freeze(), createTestServices(server));
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(pageLoads).toEqual(['/home']));
    expect(requestsTo(server, '/v2/passport/logout')).toHaveLength(1);
  });
});
