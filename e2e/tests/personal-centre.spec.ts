import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { keepScreenshot } from '../support/screenshots';
import { textsFor } from '../support/texts';

test('a person edits their profile and avatar in the personal centre', async ({ page, request }) => {
  const t = await textsFor(request, 'zh_CN');
  await page.goto(`/login?goTo=${encodeURIComponent('/logged/setting')}`);
  await page.getByLabel(t('account.field.loginName')).fill('bob');
  await page.getByLabel(t('account.field.password'), { exact: true }).fill('Tessera2026');
  await page.getByRole('button', { name: t('account.login.submit') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('account.setting.title') })).toBeVisible();

  const occupation = `Potter ${Date.now() % 1000}`;
  const profile = page.getByTestId('profile-section');
  await profile.getByLabel(t('account.setting.field.occupation')).fill(occupation);
  await profile.getByRole('combobox').click();
  await page.getByRole('menuitemcheckbox', { name: /^浙江省/ }).click();
  await page.getByRole('menuitemcheckbox', { name: /^杭州市/ }).click();
  await profile.getByRole('button', { name: t('account.setting.profile.save') }).click();
  await expect(profile.getByRole('status')).toContainText(t('account.setting.profile.saved'));

  const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2f9e8f' } })
    .png()
    .toBuffer();
  const avatar = page.getByTestId('avatar-section');
  await page.getByTestId('avatar-file-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: image });
  await expect(page.getByTestId('avatar-crop-area')).toBeVisible();
  await avatar.getByRole('button', { name: t('account.setting.avatar.upload') }).click();
  await expect(avatar).toContainText(t('account.setting.avatar.uploaded'));
  await keepScreenshot(page, 'personal-centre-zh_CN', { fullPage: true });

  const me = (await (await page.request.get('/v2/users/current')).json()) as { data: { userId: number } };
  const stored = await page.request.get(`/avatars/${me.data.userId}`);
  expect(stored.headers()['content-type']).toBe('image/webp');

  await page.reload();
  await expect(page.getByTestId('profile-section').getByLabel(t('account.setting.field.occupation'))).toHaveValue(
    occupation,
  );
  await expect(page.getByTestId('profile-section')).toContainText('浙江省');
});
