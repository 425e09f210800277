import { expect, type Page } from '@playwright/test';
import { codeSentBy } from './outbox';
import type { Translate } from './texts';

/** Signs a demo user in through the login page, which then goes to `goTo`. */
export async function signIn(page: Page, t: Translate, goTo: string, loginName = 'bob'): Promise<void> {
  await page.goto(`/login?goTo=${encodeURIComponent(goTo)}`);
  await page.getByLabel(t('account.field.loginName')).fill(loginName);
  await page.getByLabel(t('account.field.password'), { exact: true }).fill('Tessera2026');
  await page.getByRole('button', { name: t('account.login.submit') }).click();
}

/** A button's name as antd shows it: it puts a space between the two characters of a two-character Chinese label. */
export const buttonLabel = (text: string) =>
  new RegExp(`^${[...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s?')}$`);

/** Signs a newcomer up on /logon with the code the outbox holds for `email`; the page then shows them signed in. */
export async function signUp(page: Page, t: Translate, email: string, username: string, password: string) {
  await page.goto('/logon');
  await page.getByLabel(t('account.field.address')).fill(email);
  const code = await codeSentBy(email, async () => {
    await page.getByRole('button', { name: t('account.code.send') }).click();
    await expect(page.getByRole('button', { name: /60|59|58/ })).toBeDisabled();
  });
  await page.getByLabel(t('account.field.authCode')).fill(code);
  await page.getByLabel(t('account.field.username')).fill(username);
  await page.getByLabel(t('account.field.password'), { exact: true }).fill(password);
  await page.getByLabel(t('account.field.confirmPassword')).fill(password);
  await page.getByRole('button', { name: t('account.logon.submit') }).click();
}
