import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { useLanguage } from '../support/language';
import { addFreePolicyFromTemplate, chooseType } from '../support/publishing';
import { keepScreenshot } from '../support/screenshots';
import { buttonLabel, signIn } from '../support/sign-in';
import { textsFor } from '../support/texts';

test('a creator publishes three files at once (generated names, one policy for all, progress per file), then puts one online in its editor', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await useLanguage(context, 'en_US');
  const t = await textsFor(page.request, 'en_US');
  await signIn(page, t, '/resource/creatorBatch', 'alice');
  await expect(page.getByRole('heading', { name: t('creatorBatch.heading') })).toBeVisible();

  await chooseType(page, t('creatorBatch.type'), 'Markdown');
  const run = randomBytes(3).toString('hex');
  const names = [`chapter one ${run}.md`, `chapter two ${run}.md`, `chapter three ${run}.md`];
  await page.getByLabel(t('creatorBatch.files.choose')).setInputFiles(
    names.map((name) => ({
      name,
      mimeType: 'text/markdown',
      buffer: Buffer.from(`# ${name}\n\n${randomBytes(16).toString('hex')}\n`),
    })),
  );
  const rows = page.getByTestId('batch-row');
  await expect(rows).toHaveCount(3);
  for (const row of await rows.all()) await expect(row).toHaveAttribute('data-phase', 'ready', { timeout: 30_000 });
  // Names come from the file names, made valid (spaces become underscores).
  for (const name of names) {
    await expect(page.getByLabel(t('creatorBatch.row.name', { file: name }))).toHaveValue(
      new RegExp(`^${name.replace('.md', '').replaceAll(' ', '_')}`),
    );
  }

  await page.getByRole('button', { name: t('creator.policies.add') }).click();
  await addFreePolicyFromTemplate(page, t, 'open for all');
  await keepScreenshot(page, 'publishing-batch-ready-en_US', { fullPage: true });

  await page.getByRole('button', { name: buttonLabel(t('creatorBatch.publish.button')) }).click();
  const result = page.getByTestId('batch-result');
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(result.getByRole('list', { name: t('creatorBatch.result.list') }).getByRole('listitem')).toHaveCount(3);
  await keepScreenshot(page, 'publishing-batch-done-en_US', { fullPage: true });

  // Each resource exists with its first version and the policy.
  for (const name of names) {
    const resourceName = name.replace('.md', '').replaceAll(' ', '_');
    const answer = await page.request.get(
      `/v2/resources/${encodeURIComponent(encodeURIComponent(`alice/${resourceName}`))}?isLoadPolicyInfo=1`,
    );
    const body = (await answer.json()) as {
      errCode: number;
      data: { latestVersion: string; policies: { policyName: string }[] };
    };
    expect(body.errCode).toBe(0);
    expect(body.data.latestVersion).toBe('1.0.0');
    expect(body.data.policies.map((policy) => policy.policyName)).toEqual(['open for all']);
  }

  // The owner's editor: the switch puts it online; the last enabled policy of an online resource stays.
  await result.getByRole('link', { name: names[0]?.replace('.md', '') }).click();
  await page.getByRole('link', { name: t('resourcesPage.details.manage') }).click();
  await expect(page).toHaveURL(/\/resource\/sidebar\/info\/[0-9a-f]{24}$/);
  await page.getByRole('switch', { name: t('resourceEditor.switch.label') }).click();
  await expect(page.getByText(t('resourceEditor.switch.nowOnline'))).toBeVisible();
  await expect(page.getByTestId('sidebar-status')).toHaveText(t('resourcesPage.status.online'));
  await page
    .getByRole('navigation', { name: t('resourceEditor.nav') })
    .getByRole('link', { name: t('resourceEditor.tab.policy') })
    .click();
  await page
    .getByRole('button', { name: t('resourcesPage.policyBindings.disableNamed', { name: 'open for all' }) })
    .click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('resourcesPage.policyBindings.disable') })
    .click();
  await expect(page.getByRole('alert').filter({ hasText: t('resourcesPage.policyBindings.refused') })).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await keepScreenshot(page, 'publishing-editor-policy-en_US', { fullPage: true });
});
