import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, createTestServices } from '../testing/render-app';
import { envelope, gate, languageSeedTexts, startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({
    '/v2/activities/list4Client': { body: envelope({ skip: 0, limit: 100, totalItem: 0, dataList: [] }) },
  });
});
afterEach(() => server.close());

const mainNavigation = () => screen.queryByRole('navigation', { name: '主导航' });

describe('the route table of SPEC §2.1', () => {
  it('redirects / to /home and keeps the query string', async () => {
    const { router } = renderApp('/?channel=mail&ref=x#top', createTestServices(server));
    expect(await screen.findByRole('heading', { level: 1, name: '让每一件作品，都找到自己的位置' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
    expect(router.state.location.search).toBe('?channel=mail&ref=x');
    expect(router.state.location.hash).toBe('#top');
  });

  it('shows /home, /activities and /activity/:id inside the layout', async () => {
    const { router } = renderApp('/home', createTestServices(server));
    await screen.findByRole('heading', { level: 1, name: '让每一件作品，都找到自己的位置' });
    expect(mainNavigation()).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    await act(() => router.navigate('/activities'));
    expect(await screen.findByRole('heading', { level: 1, name: '活动' })).toBeTruthy();
    expect(mainNavigation()).toBeTruthy();
  });

  it('shows the 404 page inside the layout for an unknown address (route 7)', async () => {
    renderApp('/no/such/page', createTestServices(server));
    expect(await screen.findByRole('heading', { level: 1, name: '页面不存在' })).toBeTruthy();
    expect(mainNavigation()).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/home');
  });

  it('shows the same 404 page without the layout below a standalone page (route 8)', async () => {
    renderApp('/guideFreelog/no-such-step', createTestServices(server));
    expect(await screen.findByRole('heading', { level: 1, name: '页面不存在' })).toBeTruthy();
    expect(mainNavigation()).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/home');
  });

  it('shows the guide on its own, with a way back home (route 1)', async () => {
    renderApp('/guideFreelog', createTestServices(server));
    expect(await screen.findByRole('heading', { level: 1, name: '新手指南' })).toBeTruthy();
    expect(mainNavigation()).toBeNull();
    expect(screen.getAllByRole('link', { name: '返回首页' })[0]?.getAttribute('href')).toBe('/home');
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(5);
  });

  it('loads the activity detail for /activity/:id', async () => {
    renderApp('/activity/abc', createTestServices(server));
    expect(await screen.findByRole('heading', { level: 1, name: '活动不存在或已暂停' })).toBeTruthy();
    expect(server.requests.find((request) => request.path === '/v2/activities/find4Client')?.query.get('_id')).toBe(
      'abc',
    );
  });
});

describe('the global model of SPEC §3.4', () => {
  it('appends every location change to routerHistories', async () => {
    const services = createTestServices(server);
    const { router } = renderApp('/', services);
    await screen.findByRole('heading', { level: 1, name: '让每一件作品，都找到自己的位置' });
    await userEvent.click(screen.getAllByRole('link', { name: '活动' })[0] as HTMLElement);
    await screen.findByRole('heading', { level: 1, name: '活动' });
    await act(() => router.navigate('/guideFreelog?x=1'));
    await screen.findByRole('heading', { level: 1, name: '新手指南' });
    expect(services.model.getState().routerHistories.map(({ pathname, search }) => pathname + search)).toEqual([
      '/',
      '/home',
      '/activities',
      '/guideFreelog?x=1',
    ]);
  });

  it('keeps globalLoading and a full-page indicator until the texts are ready, while the page’s API calls go ahead', async () => {
    const texts = gate();
    server.route('/i18n/texts.zh_CN.json', { after: texts.promise, body: languageSeedTexts('zh_CN') });
    const services = createTestServices(server, { texts: 'server' });
    renderApp('/home', services);
    expect(services.model.getState().globalLoading).toBe(true);
    expect(screen.getAllByTestId('full-page-loading')[0]?.getAttribute('aria-busy')).toBe('true');
    expect(mainNavigation()).toBeNull();
    // Issue 15: the page's first API call does not wait for the texts.
    await waitFor(() =>
      expect(server.requests.some((request) => request.path === '/v2/activities/list4Client')).toBe(true),
    );
    expect(mainNavigation()).toBeNull();
    expect(
      server.requests.filter((request) => request.path.startsWith('/i18n/')).map((request) => request.path),
    ).toEqual(['/i18n/texts.zh_CN.json']);
    texts.open();
    await screen.findByRole('heading', { level: 1, name: '让每一件作品，都找到自己的位置' });
    expect(services.model.getState().globalLoading).toBe(false);
    expect(screen.queryByTestId('full-page-loading')).toBeNull();
  });

  it('offers a retry when the texts cannot be loaded and nothing is cached', async () => {
    server.route('/i18n/texts.zh_CN.json', { status: 500, body: 'down' });
    const services = createTestServices(server, { texts: 'server' });
    renderApp('/home', services);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('页面文字加载失败');
    expect(alert.textContent).toContain('Could not load the page texts');
    server.route('/i18n/texts.zh_CN.json', { body: languageSeedTexts('zh_CN') });
    await userEvent.click(screen.getByRole('button', { name: /重试/ }));
    await waitFor(() => expect(services.model.getState().globalLoading).toBe(false));
    expect(await screen.findByRole('heading', { level: 1, name: '让每一件作品，都找到自己的位置' })).toBeTruthy();
  });
});
