import { expect, test } from '@playwright/test';
import { apiCall } from '../support/api';
import { port } from '../support/env';
import { useLanguage } from '../support/language';
import { keepScreenshot } from '../support/screenshots';
import { signIn } from '../support/sign-in';
import { textsFor } from '../support/texts';
import { DEMO_POLICY } from '../support/demo';

type Resource = { resourceId: string; policies: { policyId: string; policyName: string }[] };
type Exhibit = { presentableId: string; onlineStatus: number };

const FREE_EXHIBIT_POLICY = 'for public\n\ninitial[active]:\n  terminate';
const PAY_ONCE_EXHIBIT_POLICY =
  'for public\n\ninitial:\n  ~freelog.TransactionEvent("10.00","self.account") => paid\n\npaid[active]:\n  terminate';

test('a node owner creates a node, exhibits a licensed resource and puts it online; a visitor on the node’s site is let in to it under its free policy', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(120_000);
  await useLanguage(context, 'en_US');
  const t = await textsFor(page.request, 'en_US');
  const suffix = Date.now().toString(36);
  const domain = `bob-${suffix}`;

  // Bob creates a node in the console.
  await signIn(page, t, '/node/creator', 'bob');
  await page.getByLabel(t('nodesPage.field.name')).fill(`Bob${suffix}`);
  await page.getByLabel(t('nodesPage.field.domain')).fill(domain);
  await expect(page.getByTestId('site-preview')).toContainText(domain);
  await page.getByRole('button', { name: t('nodesPage.creator.submit') }).click();
  await expect(page.getByTestId('node-created')).toBeVisible();
  const nodeId = Number(/(\d{8})/.exec(page.url())?.[1]);
  expect(nodeId).toBeGreaterThanOrEqual(80_000_000);

  // He licenses alice's photograph into it under its free policy, with a free policy for visitors.
  const photo = await apiCall<Resource>(page.request, 'GET', `/resources/${encodeURIComponent('alice/morning-mist')}`);
  const free = photo.policies.find((policy) => policy.policyName === DEMO_POLICY.free)?.policyId ?? '';
  const exhibit = await apiCall<Exhibit>(page.request, 'POST', '/presentables', {
    nodeId,
    resourceId: photo.resourceId,
    version: '1.1.0',
    presentableName: `mist-${suffix}`,
    resolveResources: [{ resourceId: photo.resourceId, contracts: [{ policyId: free }] }],
    policies: [{ policyName: 'Free to view', policyText: FREE_EXHIBIT_POLICY }],
  });
  expect(exhibit.onlineStatus).toBe(0);

  // The exhibit page puts it online.
  await page.goto(`/node/exhibit/formal/${exhibit.presentableId}`);
  const online = page.getByTestId('online-switch');
  await expect(online).toBeVisible();
  await online.click();
  await expect(online).toBeChecked();
  await keepScreenshot(page, 'node-exhibit-online-en_US', { fullPage: true });

  // A visitor (another browser, nobody signed in) opens the node's site: the site answers on the node's
  // own host, and the exhibit's auth result there lets them in under its free policy.
  const visitor = await browser.newContext({ locale: 'en-US' });
  try {
    const site = await visitor.newPage();
    const origin = `http://${domain}.localhost:${port}`;
    const answer = await site.goto(`${origin}/`);
    expect(answer?.status()).toBe(200);
    await expect(site.locator('html')).toHaveAttribute('lang', /en/);
    await keepScreenshot(site, 'node-site-visitor-en_US', { fullPage: true });
    // Asked by the site's browser (only it resolves *.localhost to this machine): the free policy lets them in.
    const path = `/v2/auths/exhibits/${nodeId}/${exhibit.presentableId}/result`;
    const auth = (await (await site.goto(`${origin}${path}`))?.json()) as {
      errCode: number;
      data: { isAuth: boolean; authCode: number };
    };
    expect(auth.errCode).toBe(0);
    expect(auth.data).toMatchObject({ isAuth: true, authCode: 201 });
  } finally {
    await visitor.close();
  }
});

test('a visitor signs in on a node’s site, signs and pays for a paid exhibit in the platform’s dialog and sees it; the owner pauses the node and visitors read the notice', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(150_000);
  await useLanguage(context, 'en_US');
  const t = await textsFor(page.request, 'en_US');
  const suffix = Date.now().toString(36);
  const domain = `paid-${suffix}`;

  // Bob runs a node with alice's photograph on show for 10.00 coins, online, and no theme (the default theme).
  await signIn(page, t, '/node/list', 'bob');
  await expect(page).toHaveURL(/\/node\/list/);
  const node = await apiCall<{ nodeId: number }>(page.request, 'POST', '/nodes', {
    nodeName: `Paid${suffix}`,
    nodeDomain: domain,
  });
  const photo = await apiCall<Resource>(page.request, 'GET', `/resources/${encodeURIComponent('alice/morning-mist')}`);
  const free = photo.policies.find((policy) => policy.policyName === DEMO_POLICY.free)?.policyId ?? '';
  const exhibit = await apiCall<Exhibit>(page.request, 'POST', '/presentables', {
    nodeId: node.nodeId,
    resourceId: photo.resourceId,
    version: '1.1.0',
    presentableName: `mist-${suffix}`,
    resolveResources: [{ resourceId: photo.resourceId, contracts: [{ policyId: free }] }],
    policies: [{ policyName: 'Pay once', policyText: PAY_ONCE_EXHIBIT_POLICY }],
  });
  await apiCall(page.request, 'PUT', `/presentables/${exhibit.presentableId}/onlineStatus`, { onlineStatus: 1 });

  const visitor = await browser.newContext({ locale: 'en-US' });
  try {
    const site = await visitor.newPage();
    const origin = `http://${domain}.localhost:${port}`;
    const exhibitPage = `${origin}/exhibits/${exhibit.presentableId}`;

    // The list shows the exhibit as paid; its page asks a stranger to sign in, and shows nothing of it.
    await site.goto(`${origin}/`);
    await expect(site.locator('.card', { hasText: `mist-${suffix}` })).toContainText(t('nodesiteTheme.badge.paid'));
    const cover = site.locator('.card img');
    await expect.poll(() => cover.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await keepScreenshot(site, 'node-site-default-theme-en_US', { fullPage: true });
    await site.goto(exhibitPage);
    const main = site.locator('main');
    await expect(main).toContainText(t('nodesiteTheme.auth.signIn'));
    await expect(main.locator('img')).toHaveCount(0);

    // Alice signs in on the platform and is brought back to the exhibit, now asked to sign a licence.
    await main.getByRole('link', { name: t('nodesiteTheme.auth.signInButton') }).click();
    await site.getByLabel(t('account.field.loginName')).fill('alice');
    await site.getByLabel(t('account.field.password'), { exact: true }).fill('Tessera2026');
    await site.getByRole('button', { name: t('account.login.submit') }).click();
    await expect(site).toHaveURL(exhibitPage);
    await expect(main).toContainText(t('nodesiteTheme.auth.sign'));

    // The platform's dialog: sign the pay-once policy, pay the new contract with the pay password, go back.
    await main.getByRole('link', { name: t('nodesiteTheme.auth.signButton') }).click();
    await expect(site).toHaveURL(/\/exhibit\/authorize\?/);
    await site.getByRole('button', { name: t('exhibitAuthorize.sign', { name: 'Pay once' }) }).click();
    const contract = site.getByTestId('authorize-contract');
    await contract.getByTestId('contract-pay').click();
    const pay = site.getByRole('dialog', { name: t('walletPage.pay.title') });
    await expect(pay.getByTestId('pay-amount')).toContainText('10.00');
    await pay.getByLabel(t('walletPage.pay.password')).fill('123456');
    await pay.getByRole('button', { name: t('walletPage.pay.submit', { amount: '10.00' }) }).click();
    const success = site.getByTestId('authorize-success');
    await expect(success).toBeVisible();
    await keepScreenshot(site, 'exhibit-authorize-paid-en_US');
    await success.getByTestId('authorize-back').click();

    // Back on the node's site the photograph shows, streamed through the exhibit's auth.
    await expect(site).toHaveURL(exhibitPage);
    const picture = main.locator('figure img');
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await keepScreenshot(site, 'node-site-exhibit-paid-en_US', { fullPage: true });

    // Bob licenses his paper theme into the node and activates it: the site is now that theme's app.
    const paper = await apiCall<Resource>(page.request, 'GET', `/resources/${encodeURIComponent('bob/paper-theme')}`);
    await apiCall<Exhibit>(page.request, 'POST', '/presentables', {
      nodeId: node.nodeId,
      resourceId: paper.resourceId,
      version: '1.0.0',
      presentableName: `paper-${suffix}`,
      resolveResources: [
        {
          resourceId: paper.resourceId,
          contracts: [
            { policyId: paper.policies.find((policy) => policy.policyName === DEMO_POLICY.free)?.policyId ?? '' },
          ],
        },
      ],
      policies: [{ policyName: 'Free to view', policyText: FREE_EXHIBIT_POLICY }],
    });
    await page.goto(`/node/formal/${node.nodeId}?showPage=theme`);
    await page.getByRole('button', { name: t('nodesPage.themes.activateNamed', { name: `paper-${suffix}` }) }).click();
    await expect(page.getByTestId('active-theme')).toHaveText(
      t('nodesPage.themes.current', { name: `paper-${suffix}` }),
    );
    await site.goto(`${origin}/`);
    await expect(site.locator('#footer')).toContainText('Paper theme');
    await expect(site.locator('#app')).toContainText(`mist-${suffix}`);
    await keepScreenshot(site, 'node-site-paper-theme-en_US', { fullPage: true });

    // Bob pauses the node with a notice; a visitor opening the site reads it.
    await page.goto(`/node/formal/${node.nodeId}?showPage=setting`);
    await page.getByLabel(t('nodesPage.visibility.paused')).check();
    await page.getByRole('textbox', { name: t('nodesPage.settings.pauseNotice') }).fill('Closed for the winter');
    await page.getByRole('button', { name: t('nodesPage.settings.save') }).click();
    await expect(page.getByText(t('nodesPage.settings.saved'))).toBeVisible();
    const stranger = await browser.newContext({ locale: 'zh-CN' });
    try {
      const paused = await stranger.newPage();
      const answer = await paused.goto(`${origin}/`);
      expect(answer?.status()).toBe(503);
      await expect(paused.locator('html')).toHaveAttribute('lang', /zh/);
      await expect(paused.locator('body')).toContainText('Closed for the winter');
      await keepScreenshot(paused, 'node-site-paused-zh_CN');
    } finally {
      await stranger.close();
    }
  } finally {
    await visitor.close();
  }
});
