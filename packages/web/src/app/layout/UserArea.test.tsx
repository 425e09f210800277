import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { routes } from '@tessera/domain';
import { createTestServices, renderApp } from '../../testing/render-app';
import { envelope, startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({
    '/v2/activities/list4Client': { body: envelope({ skip: 0, limit: 100, totalItem: 0, dataList: [] }) },
  });
});
afterEach(() => server.close());

const userRequests = () => server.requests.filter((request) => request.path === '/v2/users/current');

describe('the signed-in area', () => {
  it('offers sign in and sign up with goTo = the current address to a visitor', async () => {
    renderApp('/activities?page=2', createTestServices(server));
    const signIn = await screen.findByRole('link', { name: '登录' });
    const goTo = 'http://localhost:3000/activities?page=2';
    expect(signIn.getAttribute('href')).toBe(routes.login({ goTo }));
    expect(screen.getByRole('link', { name: '注册' }).getAttribute('href')).toBe(routes.logon({ goTo }));
    expect(userRequests()).toHaveLength(0);
  });

  it('treats uid -1 as nobody', async () => {
    document.cookie = 'uid=-1; path=/';
    renderApp('/home', createTestServices(server));
    expect(await screen.findByRole('link', { name: '登录' })).toBeTruthy();
    expect(userRequests()).toHaveLength(0);
  });

  it('shows the name and avatar of the signed-in user', async () => {
    document.cookie = 'uid=10001; path=/';
    server.route('/v2/users/current', {
      body: envelope({ userId: 10001, username: 'lin-studio', headImage: `${server.origin}/avatar.png` }),
    });
    renderApp('/home', createTestServices(server));
    const user = await screen.findByTestId('current-user');
    expect(user.textContent).toContain('lin-studio');
    const avatar = screen.getByRole('img', { name: 'lin-studio 的头像' });
    expect(avatar.getAttribute('src')).toMatch(/\/avatar\.png\?t=\d+$/);
    expect(screen.queryByRole('link', { name: '登录' })).toBeNull();
  });

  it('puts publishing one click away from the header for a signed-in user, in both languages', async () => {
    document.cookie = 'uid=10001; path=/';
    server.route('/v2/users/current', { body: envelope({ userId: 10001, username: 'lin-studio', headImage: '' }) });
    renderApp('/home', createTestServices(server));
    const banner = await screen.findByRole('banner');
    const publish = await within(banner).findByRole('link', { name: '发布' });
    expect(publish.getAttribute('href')).toBe('/resource/creatorEntry');
    cleanup();
    renderApp('/home', createTestServices(server, { language: 'en_US' }));
    const english = await screen.findByRole('link', { name: 'Publish' });
    expect(english.getAttribute('href')).toBe('/resource/creatorEntry');
  });

  it('offers no publish link to a visitor', async () => {
    renderApp('/home', createTestServices(server));
    expect(await screen.findByRole('link', { name: '登录' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '发布' })).toBeNull();
  });

  it('lets an expired session go to the login page (no noRedirect)', async () => {
    document.cookie = 'uid=10001; path=/';
    server.route('/v2/users/current', { body: envelope(null, { errCode: 30, msg: 'user is not logged in' }) });
    const replaced: string[] = [];
    const location = { href: () => 'http://localhost:3000/home', replace: (url: string) => replaced.push(url) };
    renderApp('/home', createTestServices(server, { location }));
    await waitFor(() => expect(replaced).toEqual([routes.login({ goTo: 'http://localhost:3000/home' })]));
    expect(server.requests.some((request) => request.path === '/v2/passport/logout')).toBe(true);
  });
});
