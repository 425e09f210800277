import { expect, test } from '@playwright/test';
import { keepScreenshot } from '../support/screenshots';
import { useLanguage } from '../support/language';
import { textsFor } from '../support/texts';
import { baseURL } from '../support/env';
import { cookieWrites, recordCookieWrites } from '../support/cookie-writes';

test('/ redirects to /home and keeps the query string', async ({ page }) => {
  await page.goto('/?campaign=spring&ref=mail');
  await expect(page).toHaveURL(/\/home\?campaign=spring&ref=mail$/);
});

test('an unknown address inside the layout shows the 404 page with the layout', async ({ page, request }) => {
  const t = await textsFor(request, 'zh_CN');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: t('exception.notFound.title') })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('navigation', { name: t('common.nav.label') })).toBeVisible();
});

test('an unknown address below a standalone page shows the 404 page without the layout', async ({ page, request }) => {
  const t = await textsFor(request, 'zh_CN');
  await page.goto('/guideFreelog/no-such-step');
  await expect(page.getByRole('heading', { name: t('exception.notFound.title') })).toBeVisible();
  await expect(page.getByRole('navigation', { name: t('common.nav.label') })).toHaveCount(0);
});

test('the language switch changes the page and survives a reload', async ({ page, context, request }) => {
  const zh = await textsFor(request, 'zh_CN');
  const en = await textsFor(request, 'en_US');
  await recordCookieWrites(page);
  await page.goto('/home');
  const nav = page.getByRole('navigation', { name: zh('common.nav.label') });
  await expect(nav.getByRole('link', { name: zh('common.nav.activities') })).toBeVisible();

  await page.getByText(zh('common.language.en_US'), { exact: true }).click();
  const enNav = page.getByRole('navigation', { name: en('common.nav.label') });
  await expect(enNav.getByRole('link', { name: en('common.nav.activities') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', /en/);

  const locale = (await context.cookies()).find((cookie) => cookie.name === 'locale');
  expect(locale?.value).toBe('en_US');
  // Chromium caps every cookie at 400 days, so read what the page asked for: 36525 days.
  const write = (await cookieWrites(page)).find((text) => text.startsWith('locale=en_US'));
  const expires = Date.parse(/expires=([^;]+)/.exec(write ?? '')?.[1] ?? '');
  expect(Math.round((expires - Date.now()) / 86_400_000)).toBe(36_525);

  await page.reload();
  await expect(enNav.getByRole('link', { name: en('common.nav.activities') })).toBeVisible();
});

test('an expired session (errCode 30) sends the browser to login with goTo', async ({ page, context }) => {
  await context.addCookies([{ name: 'uid', value: '10001', url: baseURL }]);
  await page.goto('/activities?from=mail');
  await expect(page).toHaveURL(/\/login\?goTo=/);
  const goTo = new URL(page.url()).searchParams.get('goTo');
  expect(decodeURIComponent(goTo ?? '')).toBe(`${baseURL}/activities?from=mail`);
  const uid = (await context.cookies()).find((cookie) => cookie.name === 'uid');
  expect(uid).toBeUndefined();
});

for (const language of ['zh_CN', 'en_US'] as const) {
  test(`home page in ${language}`, async ({ page, context, request }) => {
    await useLanguage(context, language);
    const t = await textsFor(request, language);
    await page.goto('/home');
    await expect(page.getByRole('navigation', { name: t('common.nav.label') })).toBeVisible();
    await expect(page.getByTestId('activity-card').first()).toBeVisible();
    await keepScreenshot(page, `home-${language}`, { fullPage: true });
  });
}

test('the guide stands alone, outside the layout', async ({ page, request }) => {
  const t = await textsFor(request, 'zh_CN');
  await page.goto('/guideFreelog');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: t('common.nav.label') })).toHaveCount(0);
});
