import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { activityWire, page, rawTranslationKeys } from '../../testing/fixtures';
import { createTestServices, renderApp } from '../../testing/render-app';
import { envelope, startTestServer, type TestServer } from '../../testing/test-server';

const activities = ['a', 'b', 'c', 'd', 'e'].map((id) => activityWire({ _id: id, title: `活动 ${id}` }));

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ '/v2/activities/list4Client': { body: envelope(page(activities)) } });
});
afterEach(() => server.close());

describe('the home page', () => {
  it('presents Tessera to creators and node owners, in Chinese', async () => {
    renderApp('/home', createTestServices(server));
    expect(await screen.findByRole('heading', { level: 1, name: '让每一件作品，都找到自己的位置' })).toBeTruthy();
    for (const name of ['Tessera 是什么', '发布一次，持续授权', '把好作品展示在你的站点', '正在进行的活动']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: '开始使用' }).getAttribute('href')).toBe('/guideFreelog');
    await waitFor(() => expect(document.title).toBe('首页 - Tessera'));
    expect(rawTranslationKeys(document.body.textContent)).toEqual([]);
  });

  it('shows the first three current activities and a link to all of them', async () => {
    renderApp('/home', createTestServices(server));
    const section = (await screen.findByRole('heading', { level: 2, name: '正在进行的活动' })).closest(
      'section',
    ) as HTMLElement;
    expect(await within(section).findAllByTestId('activity-card')).toHaveLength(3);
    expect(within(section).getByRole('link', { name: '查看全部活动' }).getAttribute('href')).toBe('/activities');
  });

  it('has every text in English', async () => {
    renderApp('/home', createTestServices(server, { language: 'en_US' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Every piece of work, in its place' })).toBeTruthy();
    await screen.findAllByTestId('activity-card');
    expect(rawTranslationKeys(document.body.textContent)).toEqual([]);
  });
});

describe('the guide and the 404 page', () => {
  it.each(['zh_CN', 'en_US'] as const)('have every text in %s', async (language) => {
    const first = renderApp('/guideFreelog', createTestServices(server, { language }));
    await screen.findAllByRole('heading', { level: 3 });
    expect(rawTranslationKeys(document.body.textContent)).toEqual([]);
    first.unmount();
    renderApp('/missing', createTestServices(server, { language }));
    await screen.findByTestId('not-found');
    expect(rawTranslationKeys(document.body.textContent)).toEqual([]);
  });

  it('shows the campaign a redirecting activity sent the visitor to, in both languages', async () => {
    server.route('/v2/activities/list4Client', {
      body: envelope(page([...activities, activityWire({ _id: 'f', title: '邀请好友', link: 'invite-friend' })])),
    });
    renderApp('/home?campaign=invite-friend', createTestServices(server));
    const campaign = await screen.findByTestId('home-campaign');
    expect(within(campaign).getByRole('heading', { level: 2 }).textContent).toBe('邀请好友');
    expect(campaign.textContent).toContain('你打开的活动');
    expect(within(campaign).getByRole('img', { name: /邀请好友/ })).toBeTruthy();
    expect(within(campaign).getByRole('link', { name: '查看全部活动' }).getAttribute('href')).toBe('/activities');
    cleanup();
    renderApp('/home?campaign=invite-friend', createTestServices(server, { language: 'en_US' }));
    expect((await screen.findByTestId('home-campaign')).textContent).toContain('The campaign you opened');
  });

  it('says when the campaign is no longer listed, and shows nothing without one', async () => {
    renderApp('/home?campaign=Questionnaire', createTestServices(server));
    const campaign = await screen.findByTestId('home-campaign');
    expect(within(campaign).getByRole('heading', { level: 2 }).textContent).toBe('这个活动已结束或已暂停');
    cleanup();
    renderApp('/home', createTestServices(server));
    expect(await screen.findByRole('heading', { level: 2, name: '正在进行的活动' })).toBeTruthy();
    await screen.findAllByTestId('activity-card');
    expect(screen.queryByTestId('home-campaign')).toBeNull();
  });
});
