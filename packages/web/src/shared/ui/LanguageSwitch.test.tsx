import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestServices, renderApp } from '../../testing/render-app';
import { envelope, startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({
    '/v2/activities/list4Client': { body: envelope({ skip: 0, limit: 100, totalItem: 0, dataList: [] }) },
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
});

const textRequests = () =>
  server.requests.filter((request) => request.path.startsWith('/i18n/')).map((request) => request.path);

describe('the language switch', () => {
  it('writes the locale cookie and re-renders in the new language without a reload', async () => {
    renderApp('/home', createTestServices(server, { texts: 'server' }));
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    expect(within(nav).getByRole('link', { name: '首页' })).toBeTruthy();
    await waitFor(() => expect(document.documentElement.lang).toBe('zh-CN'));
    expect(textRequests()).toEqual(['/i18n/texts.zh_CN.json']);

    const switcher = screen.getByRole('group', { name: '界面语言' });
    expect(within(switcher).getByRole('radio', { name: '简体中文' })).toHaveProperty('checked', true);
    await userEvent.click(within(switcher).getByRole('radio', { name: 'English' }));

    expect(document.cookie).toContain('locale=en_US');
    const englishNav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(englishNav).getByRole('link', { name: 'Home' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Every piece of work, in its place' })).toBeTruthy();
    await waitFor(() => expect(document.documentElement.lang).toBe('en-US'));
    await waitFor(() => expect(document.title).toBe('Home - Tessera'));
    // Only the new language's texts were fetched (switching back needs none: i18n-store.test.ts).
    expect(textRequests()).toEqual(['/i18n/texts.zh_CN.json', '/i18n/texts.en_US.json']);
  });

  it('is usable from the keyboard', async () => {
    renderApp('/home', createTestServices(server, { texts: 'server' }));
    const switcher = await screen.findByRole('group', { name: '界面语言' });
    within(switcher).getByRole('radio', { name: '简体中文' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.cookie).toContain('locale=en_US');
    expect(await screen.findByRole('group', { name: 'Interface language' })).toBeTruthy();
  });

  it('starts in the language the browser prefers on a first visit, and remembers it in the cookie (issue 16)', async () => {
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['en-GB', 'en']);
    renderApp('/home', createTestServices(server, { texts: 'server' }));
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(document.cookie).toContain('locale=en_US');
    expect(textRequests()).toEqual(['/i18n/texts.en_US.json']);
  });

  it('starts in the language of the locale cookie', async () => {
    document.cookie = 'locale=en_US; path=/';
    renderApp('/home', createTestServices(server, { texts: 'server' }));
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'English' })).toHaveProperty('checked', true);
  });
});
