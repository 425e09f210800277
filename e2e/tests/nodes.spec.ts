import { expect, test } from '@playwright/test';
import { apiCall } from '../support/api';
import { port } from '../support/env';
import { useLanguage } from '../support/language';
import { screenshotPath } from '../support/screenshots';
import { signIn } from '../support/sign-in';
import { textsFor } from '../support/texts';

type Resource = { resourceId: string; policies: { policyId: string; policyName: string }[] };
type Exhibit = { presentableId: string; onlineStatus: number };

const FREE_EXHIBIT_POLICY = 'for public\n\ninitial[active]:\n  terminate';

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
  const free = photo.policies.find((policy) => policy.policyName === '免费')?.policyId ?? '';
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
  await page.screenshot({ path: screenshotPath('node-exhibit-online-en_US'), fullPage: true });

  // A visitor (another browser, nobody signed in) opens the node's site: the site answers on the node's
  // own host, and the exhibit's auth result there lets them in under its free policy.
  const visitor = await browser.newContext({ locale: 'en-US' });
  try {
    const site = await visitor.newPage();
    const origin = `http://${domain}.localhost:${port}`;
    const answer = await site.goto(`${origin}/`);
    expect(answer?.status()).toBe(200);
    await expect(site.locator('html')).toHaveAttribute('lang', /en/);
    await site.screenshot({ path: screenshotPath('node-site-visitor-en_US'), fullPage: true });
    // Asked from the site's own page: only the browser resolves *.localhost to this machine.
    const path = `/v2/auths/exhibits/${nodeId}/${exhibit.presentableId}/result`;
    const auth = await site.evaluate(
      async (url) =>
        (await (await fetch(url)).json()) as { errCode: number; data: { isAuth: boolean; authCode: number } },
      path,
    );
    expect(auth.errCode).toBe(0);
    expect(auth.data).toMatchObject({ isAuth: true, authCode: 201 });
  } finally {
    await visitor.close();
  }
});
