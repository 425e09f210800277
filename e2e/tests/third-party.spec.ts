import { expect, test, type Page } from '@playwright/test';
import { keepScreenshot } from '../support/screenshots';
import { codeSentBy } from '../support/outbox';
import { textsFor } from '../support/texts';

/** The test provider's own pages: any login name signs in (its subject), then consent. */
async function signInAtProvider(page: Page, login: string) {
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a third-party identity is linked to an account once, then signs that account in', async ({
  page,
  context,
  request,
}) => {
  const t = await textsFor(request, 'zh_CN');
  const login = `e2e-${Date.now().toString(36)}`;
  const signInWithTestId = () =>
    page.getByRole('link', { name: t('thirdParty.signIn.with').replace('{name}', 'TestID') });
  const aliceMenu = page.getByRole('button', { name: t('account.menu.label').replace('{name}', 'alice') });

  await page.goto('/login?goTo=%2Factivities');
  await signInWithTestId().click();
  await signInAtProvider(page, login);

  await expect(page).toHaveURL(/\/bind\?identityId=/);
  await expect(page.getByRole('heading', { level: 1, name: t('thirdParty.bind.title') })).toBeVisible();
  await keepScreenshot(page, 'bind-zh_CN', { fullPage: true });
  await page.getByLabel(t('thirdParty.bind.loginName')).fill('alice');
  await page.getByLabel(t('thirdParty.bind.password')).fill('Tessera2026');
  await page.getByRole('button', { name: t('thirdParty.bind.submit') }).click();
  await expect(aliceMenu).toBeVisible();

  // Signed out, the same third-party identity now signs alice in directly.
  await aliceMenu.click();
  await page.getByRole('menuitem', { name: t('account.menu.signOut') }).click();
  await expect(page.getByRole('link', { name: t('common.auth.signIn') })).toBeVisible();
  await page.goto('/login');
  await signInWithTestId().click();
  await expect(page.locator('input[name=login]').or(aliceMenu)).toBeVisible();
  if (await page.locator('input[name=login]').isVisible()) await signInAtProvider(page, login);
  await expect(aliceMenu).toBeVisible();

  // The binding page shows it, and unbinding asks for the password.
  await page.goto('/logged/binding');
  const provider = page.getByTestId('binding-provider-testid');
  await expect(provider).toContainText(`${login} (TestID)`);
  await provider.getByRole('button', { name: t('thirdParty.manage.unbind') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t('thirdParty.unbind.password')).fill('Tessera2026');
  await dialog.getByRole('button', { name: t('thirdParty.unbind.ok') }).click();
  await expect(provider).toContainText(t('thirdParty.manage.notBound'));
  expect((await context.cookies()).some((cookie) => cookie.name === 'authInfo')).toBe(true);
});

test('a third-party identity is linked to a new account created on the way', async ({ page, request }) => {
  const t = await textsFor(request, 'zh_CN');
  const suffix = Date.now().toString(36);
  const login = `e2e-new-${suffix}`;
  const email = `linked-${suffix}@tessera.local`;
  const username = `linked-${suffix}`;

  await page.goto('/login');
  await page.getByRole('link', { name: t('thirdParty.signIn.with').replace('{name}', 'TestID') }).click();
  await signInAtProvider(page, login);
  await expect(page).toHaveURL(/\/bind\?identityId=/);
  await page.getByRole('link', { name: t('thirdParty.bind.signUp') }).click();

  await expect(page).toHaveURL(/\/logon\?.*identityId=/);
  await expect(page.getByText(t('account.logon.linkNote'))).toBeVisible();
  await page.getByLabel(t('account.field.address')).fill(email);
  const code = await codeSentBy(email, () => page.getByRole('button', { name: t('account.code.send') }).click());
  await page.getByLabel(t('account.field.authCode')).fill(code);
  await page.getByLabel(t('account.field.username')).fill(username);
  await page.getByLabel(t('account.field.password'), { exact: true }).fill('Welcome2026');
  await page.getByLabel(t('account.field.confirmPassword')).fill('Welcome2026');
  await page.getByRole('button', { name: t('account.logon.submit') }).click();
  await expect(page.getByRole('button', { name: t('account.menu.label').replace('{name}', username) })).toBeVisible();

  await page.goto('/logged/binding');
  await expect(page.getByTestId('binding-provider-testid')).toContainText(`${login} (TestID)`);
});
