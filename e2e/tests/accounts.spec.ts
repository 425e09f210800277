import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../support/env';
import { useLanguage } from '../support/language';
import { codeSentBy } from '../support/outbox';
import { keepScreenshot } from '../support/screenshots';
import { signUp } from '../support/sign-in';
import { textsFor, type Language } from '../support/texts';

const DEMO_PASSWORD = 'Tessera2026';

async function signInOnPage(page: Page, t: (key: string) => string, loginName: string, password: string) {
  await page.getByLabel(t('account.field.loginName')).fill(loginName);
  await page.getByLabel(t('account.field.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t('account.login.submit') }).click();
}

for (const language of ['zh_CN', 'en_US'] as const satisfies Language[]) {
  test(`sign in from the header and sign out again (${language})`, async ({ page, context, request }) => {
    await useLanguage(context, language);
    const t = await textsFor(request, language);
    await page.goto('/activities?ref=header');
    await page.getByRole('link', { name: t('common.auth.signIn') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('account.login.title') })).toBeVisible();
    await keepScreenshot(page, `login-${language}`, { fullPage: true });

    await signInOnPage(page, t, 'alice', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/activities\?ref=header$/);
    const menu = page.getByRole('button', { name: t('account.menu.label').replace('{name}', 'alice') });
    await expect(menu).toBeVisible();

    await menu.click();
    await page.getByRole('menuitem', { name: t('account.menu.signOut') }).click();
    await expect(page.getByRole('link', { name: t('common.auth.signIn') })).toBeVisible();
    expect((await context.cookies()).find((cookie) => cookie.name === 'authInfo')).toBeUndefined();
  });
}

test('a wrong password says so and keeps the person on the page', async ({ page, request }) => {
  const t = await textsFor(request, 'zh_CN');
  await page.goto('/login');
  await signInOnPage(page, t, 'bob', 'not-the-password1');
  await expect(page.getByTestId('form-error')).toHaveText(t('accounts.loginFailed'));
  await expect(page).toHaveURL(/\/login/);
});

test('an expired session sends the person to sign in, and back where they were afterwards', async ({
  page,
  context,
  request,
}) => {
  const t = await textsFor(request, 'zh_CN');
  await context.addCookies([{ name: 'uid', value: '10001', url: baseURL }]);
  await page.goto('/activities?from=mail');
  await expect(page).toHaveURL(/\/login\?goTo=/);
  await signInOnPage(page, t, 'alice@tessera.local', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/activities\?from=mail$/);
});

test('a frozen user who signs in is shown the freeze page', async ({ page, request }) => {
  const t = await textsFor(request, 'zh_CN');
  await page.goto('/login');
  await signInOnPage(page, t, 'mallory', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/freeze/);
  await expect(page.getByRole('heading', { level: 1, name: t('account.freeze.title') })).toBeVisible();
  await keepScreenshot(page, 'freeze-zh_CN', { fullPage: true });
});

test('a newcomer signs up with a code, signs out, recovers the password and signs in with it', async ({
  page,
  request,
}) => {
  const t = await textsFor(request, 'zh_CN');
  const suffix = Date.now().toString(36);
  const email = `newcomer-${suffix}@tessera.local`;
  const username = `newcomer-${suffix}`;

  await signUp(page, t, email, username, 'Welcome2026');
  const menu = page.getByRole('button', { name: t('account.menu.label').replace('{name}', username) });
  await expect(menu).toBeVisible();

  await menu.click();
  await page.getByRole('menuitem', { name: t('account.menu.signOut') }).click();
  await expect(page.getByRole('link', { name: t('common.auth.signIn') })).toBeVisible();

  await page.goto('/retrieve');
  await page.getByLabel(t('account.field.address')).fill(email);
  const code = await codeSentBy(email, () => page.getByRole('button', { name: t('account.code.send') }).click());
  await page.getByLabel(t('account.field.authCode')).fill(code);
  await page.getByLabel(t('account.field.newPassword')).fill('Renewed2026');
  await page.getByLabel(t('account.field.confirmPassword')).fill('Renewed2026');
  await page.getByRole('button', { name: t('account.retrieve.submit') }).click();
  await expect(page.getByText(t('account.login.passwordReset'))).toBeVisible();

  await signInOnPage(page, t, username, 'Renewed2026');
  await expect(menu).toBeVisible();
});
