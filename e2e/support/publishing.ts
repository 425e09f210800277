import { expect, type Page } from '@playwright/test';
import { buttonLabel } from './sign-in';
import type { Translate } from './texts';

/** Picks a resource type in antd's grouped, virtual select by typing its name. */
export async function chooseType(page: Page, label: string, typeName: string): Promise<void> {
  await page.getByLabel(label).click();
  await page.keyboard.type(typeName);
  await page
    .locator('.ant-select-item-option', { hasText: new RegExp(`^${typeName}$`) })
    .first()
    .click();
}

/** In the open policy dialog: names the policy, fills it from the free template and saves it. */
export async function addFreePolicyFromTemplate(page: Page, t: Translate, name: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: t('policyEditor.dialog.title') });
  await dialog.getByLabel(t('policyEditor.dialog.name')).fill(name);
  // An empty policy opens with the templates shown; the free template is the first choice.
  await dialog.getByRole('button', { name: t('policyEditor.templates.apply') }).click();
  await expect(dialog.getByText(t('policyEditor.status.free'))).toBeVisible();
  await dialog.getByRole('button', { name: buttonLabel(t('policyEditor.dialog.save')) }).click();
  await expect(dialog).toBeHidden();
}
