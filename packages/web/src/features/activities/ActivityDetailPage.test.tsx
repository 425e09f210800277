import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { announceTime, formatDisplayDate } from '@tessera/domain';
import { browserLocation } from '../../shared/browser/location';
import { unbuiltAddresses } from '../../testing/built-routes';
import { activityWire, DAYS, rawTranslationKeys } from '../../testing/fixtures';
import { allCampaigns } from './campaigns/campaigns';
import { createTestServices, renderApp } from '../../testing/render-app';
import {
  envelope,
  gate,
  startTestServer,
  type TestAnswer,
  type TestRoute,
  type TestServer,
} from '../../testing/test-server';

const NOT_EXIST = '活动不存在或已暂停';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => {
  vi.restoreAllMocks();
  return server.close();
});

function answerFind(answer: TestAnswer | TestRoute) {
  server.route('/v2/activities/find4Client', answer);
}

const findRequests = () => server.requests.filter((request) => request.path === '/v2/activities/find4Client');

describe('the activity detail page: noDate', () => {
  it('shows no data for an unknown activity, titled "does not exist or has been paused"', async () => {
    answerFind({ body: envelope(null, { errCode: 2, msg: 'activity not found' }) });
    renderApp('/activity/unknown', createTestServices(server));
    const heading = await screen.findByRole('heading', { level: 1, name: NOT_EXIST });
    expect(heading.closest('[data-testid="activity-no-data"]')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回活动列表' }).getAttribute('href')).toBe('/activities');
    await waitFor(() => expect(document.title).toBe(`${NOT_EXIST} - Tessera`));
    expect(findRequests()[0]?.query.get('_id')).toBe('unknown');
  });

  it.each([
    ['data is null', envelope(null)],
    ['errCode is not 0', envelope(activityWire(), { errCode: 3 })],
    ['ret is not 0', envelope(activityWire(), { ret: 1 })],
  ])('shows no data when %s', async (_case, body) => {
    answerFind({ body });
    renderApp('/activity/x', createTestServices(server));
    expect(await screen.findByTestId('activity-no-data')).toBeTruthy();
    expect(screen.queryByTestId('activity-detail')).toBeNull();
  });

  it('shows no data when the call itself fails', async () => {
    answerFind({ status: 502, body: 'bad gateway' });
    renderApp('/activity/x', createTestServices(server));
    expect(await screen.findByTestId('activity-no-data')).toBeTruthy();
  });

  it('says it in English too', async () => {
    answerFind({ body: envelope(null) });
    renderApp('/activity/x', createTestServices(server, { language: 'en_US' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This activity does not exist or has been paused' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to activities' })).toBeTruthy();
  });
});

describe('the activity detail page: redirect campaigns', () => {
  it('replaces the page with the redirect address instead of rendering', async () => {
    const replace = vi.spyOn(browserLocation, 'replace').mockImplementation(() => undefined);
    answerFind({
      body: envelope(activityWire({ link: 'invite-friend', redirectUrl: '/home?campaign=invite-friend' })),
    });
    renderApp('/activity/r1', createTestServices(server));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/home?campaign=invite-friend'));
    expect(replace).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('activity-detail')).toBeNull();
    expect(screen.getByRole('status', { name: '正在加载…' })).toBeTruthy();
  });
});

describe('the activity detail page: in-page campaigns', () => {
  it.each([
    ['creator-incentive', 'creatorIncentive', '奖励说明'],
    ['node-showcase', 'nodeShowcase', '评选标准'],
    ['daily-sign-in', 'dailySignIn', '奖励说明'],
    ['theme-contest', 'themeContest', '评选标准'],
    ['spring-walk', 'generic', '参与方式'],
  ])('renders the campaign of %s', async (link, campaign, sectionTitle) => {
    answerFind({ body: envelope(activityWire({ title: '春日活动', link })) });
    renderApp('/activity/c1', createTestServices(server));
    const content = await screen.findByTestId('campaign-content');
    expect(content.getAttribute('data-campaign')).toBe(campaign);
    expect(
      within(content)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toContain(sectionTitle);
    expect(screen.getByRole('heading', { level: 1, name: '春日活动' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('春日活动 - Tessera'));
    expect(rawTranslationKeys(document.body.textContent)).toEqual([]);
  });

  it('explains daily sign-in without a sign-in button of its own', async () => {
    answerFind({ body: envelope(activityWire({ title: '每日签到', link: 'daily-sign-in', persist: true })) });
    renderApp('/activity/d1', createTestServices(server));
    const content = await screen.findByTestId('campaign-content');
    expect(within(content).queryAllByRole('button')).toHaveLength(0);
    // Checking in lives in the wallet until a reward centre is built: no button to a page that does not exist.
    expect(within(content).getByRole('link', { name: '前往我的钱包' }).getAttribute('href')).toBe('/logged/wallet');
  });

  it.each(allCampaigns.map((campaign) => [campaign.id, campaign] as const))(
    'the buttons of %s lead only to pages that exist',
    (_id, campaign) => {
      const targets = campaign.actions.map((action) => action.to());
      expect(targets.length).toBeGreaterThan(0);
      expect(unbuiltAddresses(targets)).toEqual([]);
    },
  );

  it('shows those buttons as links on the page (daily sign-in, in English too)', async () => {
    answerFind({ body: envelope(activityWire({ title: 'Daily check-in', link: 'daily-sign-in' })) });
    renderApp('/activity/d2', createTestServices(server, { language: 'en_US' }));
    const content = await screen.findByTestId('campaign-content');
    const links = within(content).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Go to My wallet', 'See other activities']);
    expect(unbuiltAddresses(links.map((link) => link.getAttribute('href')))).toEqual([]);
    expect(content.textContent).not.toMatch(/reward centre|opening soon/i);
  });

  it('shows an ongoing window with its dates and the announcement 15 days after the end', async () => {
    const activity = activityWire();
    answerFind({ body: envelope(activity) });
    renderApp('/activity/v1', createTestServices(server));
    const banner = await screen.findByTestId('activity-validity');
    expect(banner.getAttribute('data-validity')).toBe('Validity');
    const end = formatDisplayDate(activity.limitTime, true);
    expect(banner.textContent).toBe(`活动进行中${end} 截止`);
    const facts = screen.getByTestId('activity-detail');
    expect(within(facts).getByText(formatDisplayDate(activity.startTime, true))).toBeTruthy();
    expect(within(facts).getByText(formatDisplayDate(announceTime(activity.limitTime), true))).toBeTruthy();
  });

  it('says when an activity that has not started will start', async () => {
    const activity = activityWire({ status: 3, startTime: new Date(Date.now() + DAYS(3)).toISOString() });
    answerFind({ body: envelope(activity) });
    renderApp('/activity/v2', createTestServices(server));
    const banner = await screen.findByTestId('activity-validity');
    expect(banner.getAttribute('data-validity')).toBe('NotStart');
    expect(banner.textContent).toBe(`活动尚未开始将于 ${formatDisplayDate(activity.startTime, true)} 开始`);
  });

  it('says when the results of a finished activity are announced', async () => {
    const activity = activityWire({
      status: 5,
      startTime: new Date(Date.now() - DAYS(30)).toISOString(),
      limitTime: new Date(Date.now() - DAYS(2)).toISOString(),
    });
    answerFind({ body: envelope(activity) });
    renderApp('/activity/v3', createTestServices(server, { language: 'en_US' }));
    const banner = await screen.findByTestId('activity-validity');
    expect(banner.getAttribute('data-validity')).toBe('Finished');
    expect(banner.textContent).toBe(
      `FinishedResults will be announced by ${formatDisplayDate(announceTime(activity.limitTime), true)}`,
    );
  });

  it('treats an always-on activity as valid and long-term', async () => {
    answerFind({
      body: envelope(activityWire({ persist: true, limitTime: new Date(Date.now() - DAYS(2)).toISOString() })),
    });
    renderApp('/activity/v4', createTestServices(server));
    const banner = await screen.findByTestId('activity-validity');
    expect(banner.getAttribute('data-validity')).toBe('Validity');
    expect(banner.textContent).toContain('长期有效');
    expect(screen.queryByText('结果公布')).toBeNull();
  });

  it('uses the "does not exist or has been paused" title for an activity without a title', async () => {
    answerFind({ body: envelope(activityWire({ title: '' })) });
    renderApp('/activity/t1', createTestServices(server));
    expect(await screen.findByTestId('activity-detail')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: NOT_EXIST })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`${NOT_EXIST} - Tessera`));
  });

  it('starts again from loading for another activity', async () => {
    answerFind((request) => ({
      body: envelope(activityWire({ _id: request.query.get('_id') ?? '', title: `活动 ${request.query.get('_id')}` })),
    }));
    const { router } = renderApp('/activity/one', createTestServices(server));
    await screen.findByRole('heading', { level: 1, name: '活动 one' });
    const held = gate();
    answerFind({ after: held.promise, body: envelope(activityWire({ title: '活动 two' })) });
    await act(() => router.navigate('/activity/two'));
    expect(await screen.findByRole('status', { name: '正在加载…' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: '活动 one' })).toBeNull();
    held.open();
    expect(await screen.findByRole('heading', { level: 1, name: '活动 two' })).toBeTruthy();
  });
});
