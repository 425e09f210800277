import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { formatDisplayDate } from '@tessera/domain';
import { activityWire, page, rawTranslationKeys } from '../../testing/fixtures';
import { createTestServices, renderApp } from '../../testing/render-app';
import { envelope, gate, startTestServer, type TestServer } from '../../testing/test-server';

const activities = [
  activityWire({ _id: 'a1', title: '主题设计大赛', status: 3, link: 'theme-contest' }),
  activityWire({ _id: 'a2', title: '创作激励计划', status: 4 }),
  activityWire({ _id: 'a3', title: '节点展示季', status: 5, link: 'node-showcase' }),
  activityWire({ _id: 'a4', title: '每日签到', status: 4, persist: true, link: 'daily-sign-in' }),
];

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ '/v2/activities/list4Client': { body: envelope(page(activities)) } });
});
afterEach(() => server.close());

const cards = () => screen.queryAllByTestId('activity-card');
const listRequests = () => server.requests.filter((request) => request.path === '/v2/activities/list4Client');

function holdList(body: unknown): () => void {
  const held = gate();
  server.route('/v2/activities/list4Client', { after: held.promise, body });
  return held.open;
}

describe('the activities page', () => {
  it('shows loading, then one card per activity', async () => {
    const release = holdList(envelope(page(activities)));
    renderApp('/activities', createTestServices(server));
    expect(await screen.findByRole('status', { name: '正在加载…' })).toBeTruthy();
    expect(cards()).toHaveLength(0);
    release();
    expect(await screen.findAllByTestId('activity-card')).toHaveLength(4);
    expect(screen.queryByRole('status', { name: '正在加载…' })).toBeNull();
    expect(listRequests()[0]?.query.get('limit')).toBe('100');
    await waitFor(() => expect(document.title).toBe('活动 - Tessera'));
  });

  it('gives each card its cover, title, status and time window, and a link to the detail', async () => {
    renderApp('/activities', createTestServices(server));
    await screen.findAllByTestId('activity-card');
    const [starting, ongoing, ended, longTerm] = cards().map((card) => within(card));
    expect(starting?.getByRole('link', { name: '主题设计大赛' }).getAttribute('href')).toBe('/activity/a1');
    expect(starting?.getByText('即将开始')).toBeTruthy();
    expect(ongoing?.getByText('进行中')).toBeTruthy();
    expect(ended?.getByText('已结束')).toBeTruthy();
    expect(longTerm?.getByText('长期有效')).toBeTruthy();
    const window = `${formatDisplayDate(activities[1]?.startTime, true)} 至 ${formatDisplayDate(activities[1]?.limitTime, true)}`;
    expect(ongoing?.getByText(window)).toBeTruthy();
    const cover = ongoing?.getByRole('img', { name: '活动「创作激励计划」的封面' });
    expect(cover?.getAttribute('src')).toBe('/static/demo/covers/creator.svg');
    expect(rawTranslationKeys(document.body.textContent)).toEqual([]);
  });

  it('shows no status text for statuses 1 and 2', async () => {
    server.route('/v2/activities/list4Client', {
      body: envelope(page([activityWire({ status: 1 }), activityWire({ _id: 'b', status: 2 })])),
    });
    renderApp('/activities', createTestServices(server));
    const shown = await screen.findAllByTestId('activity-card');
    for (const card of shown) expect(card.querySelector('[data-status]')).toBeNull();
  });

  it('speaks English when asked to', async () => {
    renderApp('/activities', createTestServices(server, { language: 'en_US' }));
    await screen.findAllByTestId('activity-card');
    expect(screen.getByRole('heading', { level: 1, name: 'Activities' })).toBeTruthy();
    for (const text of ['Starting soon', 'Ongoing', 'Ended', 'Long-term'])
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    expect(rawTranslationKeys(document.body.textContent)).toEqual([]);
  });

  it('shows noData for an empty list', async () => {
    server.route('/v2/activities/list4Client', { body: envelope(page([])) });
    renderApp('/activities', createTestServices(server));
    const empty = await screen.findByRole('status', { name: '暂无活动' });
    expect(empty.getAttribute('aria-live')).toBe('polite');
    expect(cards()).toHaveLength(0);
  });

  it('shows an error with a retry when the call fails', async () => {
    server.route('/v2/activities/list4Client', { body: envelope(null, { errCode: 1, msg: 'internal server error' }) });
    renderApp('/activities', createTestServices(server));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: '活动加载失败' })).toBeTruthy();
    server.route('/v2/activities/list4Client', { body: envelope(page(activities)) });
    await act(async () => within(alert).getByRole('button', { name: '重试' }).click());
    expect(await screen.findAllByTestId('activity-card')).toHaveLength(4);
  });

  it('starts again from loading with an empty list after leaving the page', async () => {
    const { router } = renderApp('/activities', createTestServices(server));
    await screen.findAllByTestId('activity-card');
    await act(() => router.navigate('/home'));
    await screen.findByRole('heading', { level: 1, name: '让每一件作品，都找到自己的位置' });
    const release = holdList(envelope(page(activities)));
    await act(() => router.navigate('/activities'));
    expect(await screen.findByRole('status', { name: '正在加载…' })).toBeTruthy();
    expect(cards()).toHaveLength(0);
    release();
    expect(await screen.findAllByTestId('activity-card')).toHaveLength(4);
  });
});
