import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
afterEach(() => server.close());

const textRequests = () => server.requests.filter((request) => request.path === '/i18n/texts.json').length;

describe('the language switch', () => {
  it('writes the locale cookie and re-renders in the new language without a reload', async () => {
    renderApp('/home', createTestServices(server));
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    expect(within(nav).getByRole('link', { name: '首页' })).toBeTruthy();
    await waitFor(() => expect(document.documentElement.lang).toBe('zh-CN'));
    const loadsBefore = textRequests();

    const switcher = screen.getByRole('group', { name: '界面语言' });
    expect(within(switcher).getByRole('radio', { name: '简体中文' })).toHaveProperty('checked', true);
    await userEvent.click(within(switcher).getByRole('radio', { name: 'English' }));

    expect(document.cookie).toContain('locale=en_US');
    const englishNav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(englishNav).getByRole('link', { name: 'Home' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Every piece of work, in its place' })).toBeTruthy();
    await waitFor(() => expect(document.documentElement.lang).toBe('en-US'));
    await waitFor(() => expect(document.title).toBe('Home - Tessera'));
    expect(textRequests()).toBe(loadsBefore);
  });

  it('is usable from the keyboard', async () => {
    renderApp('/home', createTestServices(server));
    const switcher = await screen.findByRole('group', { name: '界面语言' });
    within(switcher).getByRole('radio', { name: '简体中文' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.cookie).toContain('locale=en_US');
    expect(screen.getByRole('group', { name: 'Interface language' })).toBeTruthy();
  });

  it('starts in the language of the locale cookie', async () => {
    document.cookie = 'locale=en_US; path=/';
    renderApp('/home', createTestServices(server));
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'English' })).toHaveProperty('checked', true);
  });
});
