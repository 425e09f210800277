import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browserLocation } from '../../shared/browser/location';
import { createTestServices, renderApp } from '../../testing/render-app';
import { envelope, startTestServer, type TestServer } from '../../testing/test-server';
import { initialsOf } from './UserArea';

let server: TestServer;
let pageLoads: string[];
beforeEach(async () => {
  server = await startTestServer({
    '/v2/activities/list4Client': { body: envelope({ skip: 0, limit: 100, totalItem: 0, dataList: [] }) },
    '/v2/users/current': {
      body: envelope({
        userId: 10001,
        username: 'lin-studio',
        email: '',
        mobile: '13800138000',
        headImage: '',
        status: 0,
      }),
    },
    '/v2/passport/logout': { body: envelope(true) },
  });
  pageLoads = [];
  // jsdom does not load pages; the whole-page navigation is recorded instead.
  vi.spyOn(browserLocation, 'replace').mockImplementation((url: string) => void pageLoads.push(url));
  document.cookie = 'uid=10001; path=/';
});
afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
});

describe('the user menu', () => {
  it('shows initials when there is no avatar', async () => {
    renderApp('/home', createTestServices(server));
    expect((await screen.findByTestId('current-user')).textContent).toContain('LS');
    expect(initialsOf('alice')).toBe('A');
  });

  it('opens with the keyboard, moves with the arrows and closes with Escape', async () => {
    renderApp('/home', createTestServices(server));
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'lin-studio 的账户菜单' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const setting = screen.getByRole('menuitem', { name: '个人中心' });
    const storage = screen.getByRole('menuitem', { name: '我的存储' });
    const binding = screen.getByRole('menuitem', { name: '第三方账号' });
    const signOut = screen.getByRole('menuitem', { name: '退出登录' });
    await waitFor(() => expect(document.activeElement).toBe(setting));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(storage);
    expect(storage.getAttribute('href')).toBe('/storage');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: '我的资源' }));
    expect(document.activeElement?.getAttribute('href')).toBe('/resource/list');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: '我的收藏' }));
    expect(document.activeElement?.getAttribute('href')).toBe('/resource/collect');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: '我的节点' }));
    expect(document.activeElement?.getAttribute('href')).toBe('/node/list');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: '我的合约' }));
    expect(document.activeElement?.getAttribute('href')).toBe('/logged/contract');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: '我的钱包' }));
    expect(document.activeElement?.getAttribute('href')).toBe('/logged/wallet');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByTestId('menu-sign-in'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(binding);
    expect(binding.getAttribute('href')).toBe('/logged/binding');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(signOut);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(setting);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(signOut);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('opens the personal centre', async () => {
    const { router } = renderApp('/home', createTestServices(server));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'lin-studio 的账户菜单' }));
    await user.click(screen.getByRole('menuitem', { name: '个人中心' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/logged/setting'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('signs in for the day from the menu, which shows the streak and stays open', async () => {
    let signedToday = false;
    server.route('/v2/activities/facade/signInfo', () => ({
      body: envelope({
        isSignedToday: signedToday,
        seriesDays: signedToday ? 4 : 3,
        totalDays: 9,
        totalReward: '400.00',
        rewardCap: '1000.00',
      }),
    }));
    server.route('/v2/activities/facade/sign', () => {
      signedToday = true;
      return { body: envelope({ rewardAmount: '30.00', seriesDays: 4, totalReward: '430.00' }) };
    });
    renderApp('/home', createTestServices(server));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'lin-studio 的账户菜单' }));
    const item = await screen.findByRole('menuitem', { name: '每日签到 · 已连续 3 天' });
    await user.click(item);
    expect(await screen.findByRole('menuitem', { name: '今日已签到 · 已连续 4 天' })).toBeTruthy();
    expect(screen.getByTestId('menu-sign-in').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('menu-sign-in-result').textContent).toBe('签到成功，获得 30.00 币，已连续 4 天');
    await user.click(screen.getByTestId('menu-sign-in'));
    expect(server.requests.filter((request) => request.path === '/v2/activities/facade/sign')).toHaveLength(1);
  });

  it('signs out without the login redirect and reloads at /home', async () => {
    renderApp('/activities', createTestServices(server));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'lin-studio 的账户菜单' }));
    await user.click(screen.getByRole('menuitem', { name: '退出登录' }));
    await waitFor(() => expect(pageLoads).toEqual(['/home']));
    expect(server.requests.filter((request) => request.path === '/v2/passport/logout')).toHaveLength(1);
  });
});
