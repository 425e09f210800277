import { expect, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { chooseType } from '../support/publishing';
import { keepScreenshot } from '../support/screenshots';
import { buttonLabel, signIn } from '../support/sign-in';
import { textsFor, type Translate } from '../support/texts';
import { DEMO_POLICY } from '../support/demo';

const markdown = (title: string) => Buffer.from(`# ${title}\n\n${randomBytes(16).toString('hex')}\n`);

/** In the open policy dialog: a policy made in the visual builder — one state that grants authorization. */
async function addPolicyInVisualBuilder(page: Page, t: Translate, name: string): Promise<void> {
  await page.getByRole('button', { name: t('creator.policies.add') }).click();
  const dialog = page.getByRole('dialog', { name: t('policyEditor.dialog.title') });
  await dialog.getByLabel(t('policyEditor.dialog.name')).fill(name);
  await dialog.getByRole('button', { name: t('policyEditor.state.add') }).click();
  await expect(dialog.getByLabel(t('policyEditor.state.name'))).toBeFocused();
  await dialog.getByRole('checkbox', { name: t('policyEditor.state.active') }).check();
  await expect(dialog.getByText(t('policyEditor.status.free'))).toBeVisible();
  await keepScreenshot(page, 'publishing-policy-builder-zh_CN', { fullPage: true });
  await dialog.getByRole('button', { name: buttonLabel(t('policyEditor.dialog.save')) }).click();
  await expect(dialog).toBeHidden();
}

async function searchMarket(page: Page, t: Translate, keywords: string, title: string): Promise<void> {
  await page.goto('/market');
  const search = page.getByLabel(t('resourcesPage.market.searchLabel'));
  await search.fill(keywords);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`keywords=${encodeURIComponent(keywords)}`));
  await expect(page.getByTestId('resource-card').filter({ hasText: title })).toBeVisible();
}

test('a creator publishes a resource through the wizard, then a second version; anyone finds it by a Chinese and an English keyword and favourites it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const t = await textsFor(page.request, 'zh_CN');
  await signIn(page, t, '/resource/creator', 'bob');
  const run = randomBytes(3).toString('hex');
  const title = `星尘笔记 Stardust Notes ${run}`;

  // Type and name: leaving the step creates the resource, so its draft lives on the server.
  await chooseType(page, t('creator.type'), 'Markdown 文档');
  await page.getByLabel(t('creator.name')).fill(`stardust-${run}`);
  await page.getByRole('button', { name: buttonLabel(t('creator.next')) }).click();
  await expect(page).toHaveURL(/resourceId=[0-9a-f]{24}/);

  await page
    .getByLabel(t('creator.file.local'), { exact: true })
    .setInputFiles({ name: 'stardust.md', mimeType: 'text/markdown', buffer: markdown('星尘 1') });
  await expect(page.getByTestId('chosen-file')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: buttonLabel(t('creator.next')) }).click();

  await addPolicyInVisualBuilder(page, t, '免费签约');
  await expect(page.getByTestId('added-policy')).toHaveCount(1);
  await page.getByRole('button', { name: buttonLabel(t('creator.next')) }).click();

  await page.getByLabel(t('creator.title')).fill(title);
  await page.getByLabel(t('creator.intro')).fill('一本关于星尘的笔记。Notes about stardust.');
  const picture = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#3d5a80' } })
    .png()
    .toBuffer();
  await page
    .getByLabel(t('creator.cover'))
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: picture });
  const crop = page.getByRole('dialog', { name: t('creator.crop.title') });
  await expect(crop.getByTestId('cover-crop-area')).toBeVisible();
  await crop.getByTestId('cover-crop-area').press('ArrowRight');
  await crop.getByRole('button', { name: t('creator.crop.ok') }).click();
  await expect(page.getByRole('img', { name: t('creator.coverPreview') })).toBeVisible();

  // The draft is saved on the server: a reload comes back to the same step with the same entries.
  await expect(page.getByText(new RegExp(t('creator.draftSaved', { time: '\\d{2}:\\d{2}' })))).toBeVisible({
    timeout: 15_000,
  });
  await page.reload();
  await expect(page.getByLabel(t('creator.title'))).toHaveValue(title);
  await expect(page.getByRole('img', { name: t('creator.coverPreview') })).toBeVisible();
  await keepScreenshot(page, 'publishing-wizard-info-zh_CN', { fullPage: true });

  await page.getByRole('button', { name: buttonLabel(t('creator.publish')) }).click();
  await expect(page.getByRole('heading', { name: t('creator.result.created') })).toBeVisible({ timeout: 30_000 });
  const resourceId = /create\/success\/([0-9a-f]{24})/.exec(page.url())?.[1] ?? '';
  expect(resourceId).not.toBe('');
  await page.getByRole('button', { name: buttonLabel(t('creator.result.putOnline')) }).click();
  await expect(page.getByText(t('creator.result.online'))).toBeVisible();

  // A second version: the next patch number is prefilled.
  await page.goto(`/resource/versionCreator/${resourceId}`);
  await expect(page.getByLabel(t('creator.version'))).toHaveValue('1.0.1');
  await page
    .getByLabel(t('creator.file.local'), { exact: true })
    .setInputFiles({ name: 'stardust-2.md', mimeType: 'text/markdown', buffer: markdown('星尘 2') });
  await expect(page.getByTestId('chosen-file')).toBeVisible({ timeout: 30_000 });
  // The new version depends on alice's photograph, licensed under its free policy.
  const dependencySearch = page.getByLabel(t('creator.deps.search'));
  await dependencySearch.fill('Morning Mist');
  await dependencySearch.press('Enter');
  await page.getByRole('button', { name: t('creator.deps.add', { name: 'alice/morning-mist' }) }).click();
  const candidate = page.getByTestId('candidate').filter({ hasText: 'alice/morning-mist' });
  await candidate.getByRole('checkbox', { name: DEMO_POLICY.free, exact: true }).check();
  // The description is rich text: a heading from the toolbar, then bold typed with the keyboard.
  const description = page.getByRole('textbox', { name: t('creator.description') });
  await description.click();
  await page
    .getByRole('toolbar', { name: t('common.richText.toolbar') })
    .getByRole('button', { name: t('common.richText.heading') })
    .click();
  await page.keyboard.type('第二版');
  await page.keyboard.press('Enter');
  await page.keyboard.type('加入了 ');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('依赖');
  await expect(description.locator('strong')).toHaveText('依赖');
  await keepScreenshot(page, 'publishing-version-dependency-zh_CN', { fullPage: true });
  await page.getByRole('button', { name: buttonLabel(t('creator.publishVersion')) }).click();
  await expect(page).toHaveURL(new RegExp(`/result/resource/version/create/release/${resourceId}/1\\.0\\.1$`));
  await expect(page.getByRole('heading', { name: t('creator.result.released', { version: '1.0.1' }) })).toBeVisible();

  // The free licence was signed with the version: bob holds it, with its history, and alice grants it.
  await page.goto(`/logged/contract?keywords=stardust-${run}`);
  const held = page.getByTestId('contract-row').filter({ hasText: 'alice/morning-mist' });
  await expect(held).toHaveCount(1);
  await expect(held.getByTestId('contract-state')).toHaveAttribute('data-state', 'active');
  await held.getByRole('link', { name: t('contractsPage.detailsOf', { name: DEMO_POLICY.free }) }).click();
  const drawer = page.getByRole('dialog', { name: /免费 Free/ });
  await expect(drawer.getByTestId('contract-parties')).toContainText(`bob/stardust-${run}`);
  await expect(drawer.getByTestId('contract-history').getByRole('listitem')).toHaveCount(1);
  await expect(drawer.getByTestId('policy-state-graph')).toBeVisible();
  await keepScreenshot(page, 'contracts-licensee-drawer-zh_CN', { animations: 'disabled' });
  const alice = await browser.newContext();
  const alicePage = await alice.newPage();
  await signIn(alicePage, t, `/logged/contract?identity=licensor&keywords=stardust-${run}`, 'alice');
  await expect(alicePage.getByRole('tab', { name: t('contractsPage.tab.licensor') })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(alicePage.getByTestId('contract-row').filter({ hasText: `bob/stardust-${run}` })).toHaveCount(1);
  await keepScreenshot(alicePage, 'contracts-licensor-list-zh_CN', { fullPage: true });
  await alice.close();

  // Anyone finds it in the market, by a Chinese and by an English keyword.
  await searchMarket(page, t, '星尘笔记', title);
  await searchMarket(page, t, 'stardust', title);
  await keepScreenshot(page, 'publishing-market-zh_CN', { fullPage: true });

  // Favourite it from its details page; it shows among the favourites.
  await page.getByTestId('resource-card').filter({ hasText: title }).getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/resource/details/${resourceId}`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const favourite = page.getByTestId('favourite-toggle');
  await expect(favourite).toHaveAttribute('aria-pressed', 'false');
  await favourite.click();
  await expect(favourite).toHaveAttribute('aria-pressed', 'true');
  await expect(favourite).toHaveText(
    new RegExp(t('resourcesPage.details.collected', { count: 1 }).replace(/\s/g, '\\s?')),
  );
  await expect(page.getByTestId('dependency-graph')).toContainText('alice/morning-mist');
  // The description reads as it was written, formatted, not as markup.
  await expect(page.getByRole('heading', { name: '第二版', level: 2 })).toBeVisible();
  await expect(page.locator('strong', { hasText: '依赖' })).toBeVisible();
  await expect(page.getByText('<strong>')).toHaveCount(0);
  await keepScreenshot(page, 'publishing-details-zh_CN', { fullPage: true });
  await page.goto('/resource/collect');
  await expect(page.getByText(title)).toBeVisible();
});
