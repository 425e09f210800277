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

describe('the freeze page', () => {
  it('shows the reason the server gives and how to reach support', async () => {
    server.route('/v2/users/current', {
      body: envelope(accountUser({ status: 1, userDetail: userDetail({ reason: '发布侵权内容' }) })),
    });
    renderApp(routes.freeze({ goTo: '/activities' }), createTestServices(server));
    expect(await screen.findByRole('heading', { level: 1, name: '账户已被冻结' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('freeze-reason').textContent).toContain('发布侵权内容'));
    expect(screen.getByRole('heading', { name: '冻结原因' })).toBeTruthy();
    expect(screen.getByRole('link', { name: SUPPORT_EMAIL }).getAttribute('href')).toBe(`mailto:${SUPPORT_EMAIL}`);
    // The page asks without the redirects: a frozen answer must not send it to itself again.
    expect(pageLoads).toEqual([]);
  });

  it('explains in general terms when the reason is not known', async () => {
    server.route('/v2/users/current', { body: envelope(null, { errCode: 30, msg: 'user is not logged in' }) });
    renderApp(routes.freeze(), createTestServices(server, { language: 'en_US' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This account is frozen' })).toBeTruthy();
    await waitFor(() => expect(requestsTo(server, '/v2/users/current')).toHaveLength(1));
    expect(screen.getByTestId('freeze-reason').textContent).toContain('An administrator froze your account');
    expect(pageLoads).toEqual([]);
    expect(rawAccountKeys(document.body.textContent)).toEqual([]);
  });

  it('signs out and reloads at /home', async () => {
    renderApp(routes.freeze(), createTestServices(server));
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(pageLoads).toEqual(['/home']));
    expect(requestsTo(server, '/v2/passport/logout')).toHaveLength(1);
  });
});
