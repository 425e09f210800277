import type { Page } from '@playwright/test';
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
