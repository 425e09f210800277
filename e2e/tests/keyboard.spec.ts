import { expect, test, type Locator, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { apiCall } from '../support/api';
import { codeSentBy } from '../support/outbox';
import { textsFor } from '../support/texts';

// Issue 16, accessibility as a habit: a newcomer who uses only the keyboard signs up and publishes a
// resource. Inside the page nothing is clicked or filled: Tab and Shift+Tab move, Enter and Space press,
// arrows choose, and text is typed. The browser prefers English and has no language cookie yet.
test.use({ locale: 'en-US' });

/** True when `target` or something inside it has the focus. */
const hasFocus = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement));

/**
 * Moves the focus with Tab (or Shift+Tab) until it reaches `target`, as a keyboard user does; fails when
 * `target` cannot be reached that way (not focusable, or outside the tab order).
 */
async function tabTo(page: Page, target: Locator, { back = false, limit = 60 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses <= limit; presses += 1) {
    if (await hasFocus(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} was not reached with ${back ? 'Shift+Tab' : 'Tab'} in ${limit} presses`);
}

/** Tabs to a field and types into it. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

/** Tabs to a button and presses it with Enter. */
async function press(page: Page, button: Locator, key: 'Enter' | 'Space' = 'Enter'): Promise<void> {
  await tabTo(page, button);
  await expect(button).toBeEnabled();
  await page.keyboard.press(key);
}

test('a newcomer signs up and publishes a resource with the keyboard only', async ({ page }) => {
  test.setTimeout(180_000);
  const t = await textsFor(page.request, 'en_US');
  const run = randomBytes(3).toString('hex');
  const email = `keys-${run}@example.com`;
  const username = `keys${run}`;
  const password = 'Welcome2026';

  // Sign up: the code is read from the outbox, as the README's `tessera admin outbox` shows it.
  await page.goto('/logon');
  await typeInto(page, page.getByLabel(t('account.field.address')), email);
  const send = page.getByRole('button', { name: t('account.code.send') });
  const code = await codeSentBy(email, async () => {
    await press(page, send);
    // The button counts down to the next code it may send.
    await expect(page.getByRole('button', { name: /60|59|58/ })).toBeDisabled();
  });
  // The disabled button does not strand the focus: it is on the code field, where typing goes on.
  await expect(page.getByLabel(t('account.field.authCode'))).toBeFocused();
  await typeInto(page, page.getByLabel(t('account.field.authCode')), code);
  await typeInto(page, page.getByLabel(t('account.field.username')), username);
  await typeInto(page, page.getByLabel(t('account.field.password'), { exact: true }), password);
  await typeInto(page, page.getByLabel(t('account.field.confirmPassword')), password);
  await press(page, page.getByRole('button', { name: t('account.logon.submit') }));
  await expect(page.getByRole('button', { name: t('account.menu.label', { name: username }) })).toBeVisible();

  // To the wizard from the header's "Publish", then the creator entry's first choice.
  await press(page, page.getByRole('banner').getByRole('link', { name: t('common.user.publish') }));
  await expect(page.getByRole('heading', { level: 1, name: t('creator.entry.heading') })).toBeVisible();
  const single = t('creator.entry.choiceLink', {
    choice: t('creator.entry.single'),
    action: t('creator.entry.single.action'),
  });
  await press(page, page.getByRole('link', { name: single }));

  // The wizard, step 1: the type from the list with the arrows, then the name.
  await expect(page.getByRole('heading', { name: t('creator.heading') })).toBeVisible();
  const type = page.getByRole('combobox', { name: t('creator.type') });
  await tabTo(page, type);
  await page.keyboard.press('ArrowDown');
  const active = page.locator('.ant-select-item-option-active');
  for (let presses = 0; presses < 40 && (await active.textContent()) !== 'Markdown'; presses += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(active).toHaveText('Markdown');
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content').getByTitle('Markdown', { exact: true })).toBeVisible();
  await typeInto(page, page.getByLabel(t('creator.name')), `keyboard-notes-${run}`);
  await press(page, page.getByRole('button', { name: t('creator.next') }));
  await expect(page).toHaveURL(/resourceId=[0-9a-f]{24}/);
  // Each new step takes the focus, so Tab goes on inside it rather than from the top of the page.
  const step = page.getByTestId('creator-step');
  await expect(step).toBeFocused();

  // Step 2: the file, chosen in the browser's file dialog that Enter opens on the file button.
  const fileInput = page.getByLabel(t('creator.file.local'), { exact: true });
  await tabTo(page, fileInput, { limit: 8 });
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  await chooser.setFiles({
    name: 'keyboard-notes.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from(`# Keyboard notes\n\n${run}\n`),
  });
  await expect(page.getByTestId('chosen-file')).toBeVisible({ timeout: 30_000 });
  await press(page, page.getByRole('button', { name: t('creator.next') }));
  await expect(step).toBeFocused();

  // Step 3: a free policy from the template, in the policy dialog.
  const addPolicy = page.getByRole('button', { name: t('creator.policies.add') });
  await press(page, addPolicy);
  const dialog = page.getByRole('dialog', { name: t('policyEditor.dialog.title') });
  await expect(dialog).toBeVisible();
  await typeInto(page, dialog.getByLabel(t('policyEditor.dialog.name')), 'Free');
  await press(page, dialog.getByRole('button', { name: t('policyEditor.templates.apply') }));
  await expect(dialog.getByText(t('policyEditor.status.free'))).toBeVisible();
  await press(page, dialog.getByRole('button', { name: t('policyEditor.dialog.save') }));
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('added-policy')).toHaveCount(1);
  // The closed dialog gives the focus back to the button that opened it.
  await expect(addPolicy).toBeFocused();
  await press(page, page.getByRole('button', { name: t('creator.next') }));
  await expect(step).toBeFocused();

  // Step 4: the title, then publish and put it online.
  const title = `Keyboard notes ${run}`;
  await typeInto(page, page.getByLabel(t('creator.title'), { exact: true }), title);
  await press(page, page.getByRole('button', { name: t('creator.publish') }));
  await expect(page.getByRole('heading', { name: t('creator.result.created') })).toBeVisible({ timeout: 30_000 });
  const resourceId = /create\/success\/([0-9a-f]{24})/.exec(page.url())?.[1] ?? '';
  const putOnline = page.getByRole('button', { name: t('creator.result.putOnline') });
  await press(page, putOnline);
  await expect(putOnline).toBeHidden();
  const published = await apiCall<{ status: number; resourceTitle: string }>(
    page.request,
    'GET',
    `/resources/${resourceId}`,
  );
  expect(published).toMatchObject({ status: 1, resourceTitle: title });
});
