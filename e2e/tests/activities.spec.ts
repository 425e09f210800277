import { expect, test } from '@playwright/test';
import { keepScreenshot } from '../support/screenshots';
import { visibleActivities } from '../support/activities';
import { useLanguage } from '../support/language';
import { textsFor, type Language } from '../support/texts';
import { required } from '../support/required';

const REDIRECT_LINKS = new Set([
  'play-newer',
  'ResourceCompetition',
  'invite-friend',
  'Questionnaire',
  'ExperienceOfficer',
  'SpringFestival',
  'event_editorpick',
  'event_contest202409',
  'SpringFestival2025',
  'Widget',
]);

const statusKey: Record<number, string | null> = { 1: null, 2: null, 3: 'starting', 4: 'ongoing', 5: 'end' };

for (const language of ['zh_CN', 'en_US'] as const satisfies Language[]) {
  test.describe(`activities in ${language}`, () => {
    test.beforeEach(async ({ context }) => useLanguage(context, language));

    test('the list shows every visible activity with its title and status', async ({ page, request }) => {
      const t = await textsFor(request, language);
      const activities = await visibleActivities(request, language);
      expect(activities.length).toBeGreaterThan(0);

      await page.goto('/activities');
      const cards = page.getByTestId('activity-card');
      await expect(cards).toHaveCount(activities.length);
      for (const activity of activities.slice(0, 8)) {
        const card = page.locator(`[data-activity-id="${activity._id}"]`);
        await expect(card.getByRole('link', { name: activity.title })).toBeVisible();
        const key = statusKey[activity.status];
        if (key) await expect(card).toContainText(t(`activities.status.${key}`));
        if (activity.persist) await expect(card).toContainText(t('activities.window.longTerm'));
      }
      await keepScreenshot(page, `activities-${language}`, { fullPage: true });
    });

    test('a card opens the activity with its title and time window', async ({ page, request }) => {
      const activities = await visibleActivities(request, language);
      const t = await textsFor(request, language);
      const inPage = required(
        activities.find((a) => !REDIRECT_LINKS.has(a.link) && a.status === 4 && !a.persist),
        'an ongoing in-page campaign in the demo data',
      );

      await page.goto('/activities');
      await page.getByRole('link', { name: inPage.title }).click();
      await expect(page).toHaveURL(new RegExp(`/activity/${inPage._id}$`));
      await expect(page.getByRole('heading', { level: 1, name: inPage.title })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(inPage.title));
      const validity = page.getByTestId('activity-validity');
      await expect(validity).toHaveAttribute('data-validity', 'Validity');
      await expect(validity).toContainText(t('activities.validity.Validity'));
      await expect(page.getByTestId('activity-detail')).toHaveAttribute('data-link', inPage.link);
      await expect(page.getByTestId('campaign-content')).toBeVisible();
      await keepScreenshot(page, `activity-detail-${language}`, { fullPage: true });
    });

    test('an unknown activity shows the no-data state', async ({ page, request }) => {
      const t = await textsFor(request, language);
      await page.goto('/activity/0123456789abcdef01234567');
      await expect(page.getByRole('heading', { level: 1, name: t('activities.detail.notExist') })).toBeVisible();
      await expect(page.getByRole('link', { name: t('activities.detail.backToList') })).toBeVisible();
    });
  });
}

test('a redirect campaign sends the browser to its address instead of rendering', async ({ page, request }) => {
  const activities = await visibleActivities(request, 'zh_CN');
  const redirecting = required(
    activities.find((a) => REDIRECT_LINKS.has(a.link)),
    'a redirect campaign in the demo data',
  );
  const target = new URL(redirecting.redirectUrl, 'http://127.0.0.1');

  await page.goto('/activities');
  await page.getByRole('link', { name: redirecting.title }).click();
  await expect(page).toHaveURL((url) => url.pathname === target.pathname && url.search === target.search);
  // location.replace: the activity page is not in the history, so Back returns to the list.
  await page.goBack();
  await expect(page).toHaveURL(/\/activities$/);
});

test('an activity that has not started says so', async ({ page, request }) => {
  const t = await textsFor(request, 'zh_CN');
  const activities = await visibleActivities(request, 'zh_CN');
  const upcoming = required(
    activities.find((a) => a.status === 3 && !REDIRECT_LINKS.has(a.link)),
    'an upcoming in-page campaign in the demo data',
  );
  await page.goto('/activity/' + upcoming._id);
  await expect(page.getByRole('heading', { level: 1, name: upcoming.title })).toBeVisible();
  const validity = page.getByTestId('activity-validity');
  await expect(validity).toHaveAttribute('data-validity', 'NotStart');
  await expect(validity).toContainText(t('activities.validity.NotStart'));
});

test('an ended activity says it has finished', async ({ page, request }) => {
  const t = await textsFor(request, 'en_US');
  const activities = await visibleActivities(request, 'zh_CN');
  const ended = required(
    activities.find((a) => a.status === 5 && !REDIRECT_LINKS.has(a.link)),
    'an ended in-page campaign in the demo data',
  );
  await useLanguage(page.context(), 'en_US');
  await page.goto('/activity/' + ended._id);
  const validity = page.getByTestId('activity-validity');
  await expect(validity).toHaveAttribute('data-validity', 'Finished');
  await expect(validity).toContainText(t('activities.validity.Finished'));
});
