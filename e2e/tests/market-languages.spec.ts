// Demo titles and intros in the visitor's language (resources/translations.ts): an English-preferring
// browser reads the market and a details page in English, a Chinese one in Chinese, and the language
// switch changes the cards on the page without a reload.
import { expect, test } from '@playwright/test';
import { textsFor } from '../support/texts';

test.describe('an English-preferring browser', () => {
  test.use({ locale: 'en-US' });

  test('reads the demo titles and intros in English, and in Chinese after the switch', async ({ page, request }) => {
    const zh = await textsFor(request, 'zh_CN');
    await page.goto('/market');
    const card = page.getByRole('heading', { level: 3, name: 'Morning Mist', exact: true });
    await expect(card).toBeVisible();
    await card.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Morning Mist', exact: true })).toBeVisible();
    await expect(page.getByText('A misty valley at dawn, made for blog covers.')).toBeVisible();

    await page.goBack();
    await expect(card).toBeVisible();
    await page.getByText(zh('common.language.zh_CN'), { exact: true }).click();
    await expect(page.getByRole('heading', { level: 3, name: '山间晨雾', exact: true })).toBeVisible();
    await expect(card).toHaveCount(0);
  });
});

test('a Chinese-preferring browser reads the demo titles in Chinese', async ({ page }) => {
  await page.goto('/market');
  await expect(page.getByRole('heading', { level: 3, name: '山间晨雾', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Morning Mist', exact: true })).toHaveCount(0);
});
