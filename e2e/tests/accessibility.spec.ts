import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiCall, apiSignIn } from '../support/api';
import { port } from '../support/env';
import { useLanguage } from '../support/language';
import { textsFor, type Language } from '../support/texts';
import { DEMO_POLICY } from '../support/demo';

// Issue 16: every page, in both languages, has no serious or critical axe violation (WCAG 2 A and AA).

type Resource = { resourceId: string; latestVersion: string; policies: { policyId: string; policyName: string }[] };
type Exhibit = { presentableId: string };
type Node = { nodeId: number };
/** A page to check: where, what shows it is ready (its main heading unless said), and what to open first. */
type Visit = { name: string; url: string; ready?: string; open?: (page: Page) => Promise<void> };

const FREE_EXHIBIT_POLICY = 'for public\n\ninitial[active]:\n  terminate';
const PAY_ONCE_EXHIBIT_POLICY =
  'for public\n\ninitial:\n  ~freelog.TransactionEvent("10.00","self.account") => paid\n\npaid[active]:\n  terminate';
/** Whatever still loads: the app's cover, antd's spinners and skeletons. */
const BUSY = '[aria-busy="true"], .ant-spin-spinning, .ant-skeleton-active';

/** Pages whose address is their name. */
const at = (...urls: string[]): Visit[] => urls.map((url) => ({ name: url, url }));

/** Opens each page, waits for its content, and answers the serious and critical violations, one readable line each. */
async function audit(page: Page, visits: Visit[]): Promise<string[]> {
  const found: string[] = [];
  for (const visit of visits) {
    await page.goto(visit.url);
    await expect(page.locator(visit.ready ?? 'main h1, main h2').first(), visit.name).toBeVisible();
    await expect(page.locator(BUSY), visit.name).toHaveCount(0);
    await visit.open?.(page);
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    for (const violation of violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      const target = violation.nodes[0]?.target.join(' ') ?? '';
      found.push(
        `${visit.name}: ${violation.id} (${violation.impact}, ${violation.nodes.length}×) ${violation.help} — ${target}`,
      );
    }
  }
  return found;
}

async function resource(request: APIRequestContext, name: string): Promise<Resource> {
  return apiCall<Resource>(request, 'GET', `/resources/${encodeURIComponent(name)}`);
}

/**
 * Bob's own node with no theme (so its site is the default theme) and two of alice's resources online
 * in it: her essay free, her photograph for 10.00 coins (its page asks a stranger to sign in).
 */
async function nodeWithDefaultTheme(request: APIRequestContext, suffix: string) {
  const domain = `a11y-${suffix}`;
  const node = await apiCall<Node>(request, 'POST', '/nodes', { nodeName: `A11y${suffix}`, nodeDomain: domain });
  const exhibit = async (resourceName: string, policyText: string) => {
    const licensed = await resource(request, resourceName);
    const free = licensed.policies.find((policy) => policy.policyName === DEMO_POLICY.free)?.policyId ?? '';
    const created = await apiCall<Exhibit>(request, 'POST', '/presentables', {
      nodeId: node.nodeId,
      resourceId: licensed.resourceId,
      version: licensed.latestVersion,
      presentableName: `${resourceName.split('/')[1]}-${suffix}`,
      resolveResources: [{ resourceId: licensed.resourceId, contracts: [{ policyId: free }] }],
      policies: [{ policyName: 'On show', policyText }],
    });
    await apiCall(request, 'PUT', `/presentables/${created.presentableId}/onlineStatus`, { onlineStatus: 1 });
    return created.presentableId;
  };
  const freeId = await exhibit('alice/space-notes', FREE_EXHIBIT_POLICY);
  const paidId = await exhibit('alice/morning-mist', PAY_ONCE_EXHIBIT_POLICY);
  return { nodeId: node.nodeId, domain, freeId, paidId };
}

const languages: { language: Language; locale: string }[] = [
  { language: 'zh_CN', locale: 'zh-CN' },
  { language: 'en_US', locale: 'en-US' },
];

type Audit = { page: Page; request: APIRequestContext; t: Awaited<ReturnType<typeof textsFor>>; suffix: string };

/**
 * One group of pages, in a browser context of its own that prefers `language`. The pages are split in
 * groups so that each test's budget fits the slowest machine of this kind with room to spare (all of
 * them in one test took 216 s of a 240 s budget on a loaded run).
 */
function auditGroup(group: string, visitsOf: (audit: Audit) => Promise<string[]>) {
  for (const { language, locale } of languages) {
    test(`${group} have no serious or critical accessibility violation (${language})`, async ({ browser }) => {
      test.setTimeout(180_000);
      const context = await browser.newContext({ locale });
      try {
        await useLanguage(context, language);
        const page = await context.newPage();
        const request = context.request;
        const t = await textsFor(request, language);
        const suffix = `${language.slice(0, 2)}${Date.now().toString(36)}`;
        const found = await visitsOf({ page, request, t, suffix });
        expect(found, `serious or critical violations (${language}):\n${found.join('\n')}`).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
}

auditGroup('visitors’ pages', async ({ page, request, suffix }) => {
  const activities = await apiCall<{ dataList: { _id: string }[] }>(request, 'GET', '/activities/list4Client');
  const photo = await resource(request, 'alice/morning-mist');
  return audit(page, [
    ...at('/home', '/activities'),
    ...activities.dataList.slice(0, 1).map((activity) => ({ name: '/activity', url: `/activity/${activity._id}` })),
    { name: '/market', url: '/market' },
    { name: '/search', url: '/search?keywords=mist' },
    { name: '/resource/details', url: `/resource/details/${photo.resourceId}` },
    ...at('/examples', '/login', '/logon', '/retrieve', '/guideFreelog', '/freeze'),
    // The form a browser back from a third-party sign-in fills (any id shaped like one shows it).
    { name: '/bind', url: `/bind?identityId=${'0'.repeat(24)}` },
    { name: 'binding result: success', url: '/result/binding?status=success&type=oidc' },
    { name: 'binding result: failure', url: '/result/binding?status=failure&type=oidc&reason=denied' },
    { name: '404', url: '/no-such-page' },
    { name: 'node site: unknown node', url: `http://no-such-node-${suffix}.localhost:${port}/`, ready: 'body' },
  ]);
});

auditGroup('a creator’s pages', async ({ page, request, t }) => {
  await apiSignIn(request, 'bob');
  const paper = await resource(request, 'bob/paper-theme');
  return audit(page, [
    { name: 'new bucket dialog', url: '/storage?createBucket=1', ready: '[role="dialog"]' },
    ...at('/storage', '/resource/list', '/resource/creatorEntry', '/resource/collect', '/resource/creator'),
    ...at('/resource/creatorBatch'),
    { name: 'resource created', url: `/result/resource/create/success/${paper.resourceId}` },
    { name: 'version created', url: `/result/resource/version/create/success/${paper.resourceId}/1.0.0` },
    { name: 'version released', url: `/result/resource/version/create/release/${paper.resourceId}/1.0.0` },
    { name: 'resource freeze result', url: `/result/resource/freeze/${paper.resourceId}` },
    { name: 'resource editor: info', url: `/resource/sidebar/info/${paper.resourceId}` },
    { name: 'resource editor: policies', url: `/resource/sidebar/policy/${paper.resourceId}` },
    {
      name: 'policy editor dialog',
      url: `/resource/sidebar/policy/${paper.resourceId}`,
      open: async (editor) => {
        await editor.getByRole('button', { name: t('resourcesPage.policyBindings.add') }).click();
        const dialog = editor.getByRole('dialog', { name: t('policyEditor.dialog.title') });
        await dialog.getByRole('button', { name: t('policyEditor.templates.apply') }).click();
        await expect(dialog.getByText(t('policyEditor.status.free'))).toBeVisible();
      },
    },
    { name: 'resource editor: contracts', url: `/resource/sidebar/contract/${paper.resourceId}` },
    { name: 'resource editor: dependencies', url: `/resource/sidebar/dependency/${paper.resourceId}` },
    {
      name: 'resource editor: version',
      url: `/resource/sidebar/versionInfo/${paper.resourceId}?version=1.0.0`,
      open: (editor) => expect(editor.getByRole('toolbar', { name: t('common.richText.toolbar') })).toBeVisible(),
    },
    {
      name: 'version creator',
      url: `/resource/versionCreator/${paper.resourceId}`,
      open: (creator) => expect(creator.getByRole('toolbar', { name: t('common.richText.toolbar') })).toBeVisible(),
    },
  ]);
});

auditGroup('the account, wallet and contract pages', async ({ page, request }) => {
  await apiSignIn(request, 'bob');
  const contracts = await apiCall<{ dataList: { contractId: string }[] }>(
    request,
    'GET',
    '/contracts?identityType=2&limit=1',
  );
  return audit(page, [
    ...at('/logged/wallet', '/logged/contract', '/logged/setting', '/logged/binding'),
    {
      name: 'contract drawer',
      url: `/logged/contract?contractId=${contracts.dataList[0]?.contractId ?? ''}`,
      ready: '[role="dialog"]',
    },
    ...at('/retrievePayPassword', '/freeze'),
  ]);
});

auditGroup('node pages and node sites', async ({ page, request, suffix }) => {
  const gallery = await apiCall<Node>(request, 'GET', '/nodes/detail?nodeDomain=mist-gallery');
  const galleryMist = await apiCall<Exhibit>(
    request,
    'GET',
    `/presentables/detail?nodeId=${gallery.nodeId}&presentableName=morning-mist`,
  );
  await apiSignIn(request, 'bob');
  const own = await nodeWithDefaultTheme(request, suffix);
  const site = `http://${own.domain}.localhost:${port}`;
  const found = await audit(page, [
    ...at('/node/list', '/node/creator'),
    { name: 'node created', url: `/result/node/create/success/${own.nodeId}` },
    { name: 'node freeze result', url: `/result/node/freeze/${own.nodeId}` },
    { name: 'node manager: exhibits', url: `/node/formal/${own.nodeId}?showPage=exhibit` },
    { name: 'node manager: themes', url: `/node/formal/${own.nodeId}?showPage=theme` },
    { name: 'node manager: settings', url: `/node/formal/${own.nodeId}?showPage=setting` },
    { name: 'exhibit page', url: `/node/exhibit/formal/${own.freeId}` },
    {
      name: '/exhibit/authorize',
      url: `/exhibit/authorize?nodeId=${gallery.nodeId}&exhibitId=${galleryMist.presentableId}&returnUrl=${encodeURIComponent(`http://mist-gallery.localhost:${port}/`)}`,
    },
    { name: 'node site: mist-gallery (paper theme)', url: `http://mist-gallery.localhost:${port}/`, ready: '#app' },
    { name: 'node site: default theme, list', url: `${site}/`, ready: 'main' },
    { name: 'node site: default theme, exhibit', url: `${site}/exhibits/${own.freeId}`, ready: 'main' },
    { name: 'node site: default theme, paid exhibit', url: `${site}/exhibits/${own.paidId}`, ready: 'main' },
    { name: 'node site: default theme, 404', url: `${site}/no-such-page`, ready: 'body' },
  ]);

  // The default theme's dark palette, then the notice of a paused node (a node-site state page).
  await page.emulateMedia({ colorScheme: 'dark' });
  found.push(
    ...(await audit(page, [
      { name: 'node site: default theme, list (dark)', url: `${site}/`, ready: 'main' },
      { name: 'node site: default theme, paid exhibit (dark)', url: `${site}/exhibits/${own.paidId}`, ready: 'main' },
    ])),
  );
  await page.emulateMedia({ colorScheme: 'light' });
  await apiCall(request, 'POST', '/nodes/setNodeInfo', {
    nodeId: own.nodeId,
    status: 8,
    nodeSuspendInfo: 'Closed for the winter',
  });
  found.push(...(await audit(page, [{ name: 'node site: paused', url: `${site}/`, ready: 'main' }])));
  return found;
});
