import { expect, test, type APIRequestContext } from '@playwright/test';
import { storedZip } from '../../packages/server/src/platform/http/zip-entries';
import { apiCall, apiSignIn } from '../support/api';
import { port } from '../support/env';

// A hostile theme app (modules/sitethemes/THEMES.md, "Security model"): bob activates a theme whose page,
// opened by alice (signed in on the platform, so single sign-on gives her a site session), tries to read
// the platform's cookies, to call the platform's API as her with credentials, to read another node's
// exhibits and to write through the node host's API. Its script writes what it got into the page; the
// test reads it there (only the browser resolves *.localhost to this machine).

const FREE_POLICY = 'for public\n\ninitial[active]:\n  terminate';
const PLATFORM = `http://localhost:${port}`;

const HOSTILE_INDEX = `<!doctype html>
<html><head><meta charset="utf-8"><title>Innocent theme</title>
<script src="/_site/sdk.js" defer></script><script src="/hostile.js" defer></script></head>
<body><h1>Innocent theme</h1><pre id="results"></pre></body></html>`;

const HOSTILE_SCRIPT = `'use strict';
const params = new URLSearchParams(location.search);
const otherNode = params.get('other');
const platform = params.get('platform');
async function attempt(run) {
  try { return await run(); } catch (error) { return 'blocked: ' + error.name; }
}
async function errCodeOf(response) {
  const text = await response.text();
  try { return 'errCode ' + JSON.parse(text).errCode; } catch { return 'HTTP ' + response.status; }
}
(async () => {
  const results = {};
  results.cookies = document.cookie;
  results.platformUser = await attempt(async () => {
    const response = await fetch(platform + '/v2/users/current', { credentials: 'include' });
    return 'read: ' + (await response.text());
  });
  results.platformUserNoCors = await attempt(async () => {
    const response = await fetch(platform + '/v2/users/current', { credentials: 'include', mode: 'no-cors' });
    return 'opaque ' + response.type + ' ' + (await response.text()).length;
  });
  results.otherNodeExhibits = await attempt(async () => errCodeOf(await fetch('/v2/exhibits/' + otherNode)));
  results.otherNodeAuth = await attempt(async () =>
    errCodeOf(await fetch('/v2/auths/exhibits/' + otherNode + '/batchAuth/results?authType=4&exhibitIds=0123456789abcdef01234567')));
  results.currentUserOnSite = await attempt(async () => errCodeOf(await fetch('/v2/users/current')));
  results.signOnSite = await attempt(async () =>
    errCodeOf(await fetch('/v2/contracts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })));
  results.ownExhibits = await attempt(async () => errCodeOf(await fetch('/v2/exhibits/' + Tessera.nodeId)));
  results.site = await attempt(async () => {
    const site = await Tessera.current();
    return site.viewer ? 'viewer ' + site.viewer.username : 'anonymous';
  });
  document.getElementById('results').textContent = JSON.stringify(results);
  document.body.dataset.done = '1';
})();
`;

type Resource = { resourceId: string; latestVersion: string; policies: { policyId: string }[] };
type Exhibit = { presentableId: string };

/** Uploads the package and waits for its analysis (versions take analysed files only). */
async function uploadPackage(request: APIRequestContext, name: string, bytes: Buffer): Promise<string> {
  const cookies = (await request.storageState()).cookies;
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await request.post('/v2/storages/files/upload', {
    headers: { 'X-XSRF-TOKEN': xsrf },
    multipart: { file: { name, mimeType: 'application/zip', buffer: bytes } },
  });
  const { sha1 } = ((await response.json()) as { data: { sha1: string } }).data;
  await expect
    .poll(
      async () =>
        (await apiCall<{ isExisting: boolean }[]>(request, 'GET', `/storages/files/fileIsExist?sha1=${sha1}`))[0]
          ?.isExisting,
    )
    .toBe(true);
  return sha1;
}

test('a hostile theme reads no platform cookie, cannot call the platform as its visitor, and cannot reach another node', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const domain = `hostile-${suffix}`;

  // Bob publishes the hostile theme, makes a node and activates the theme there.
  await apiSignIn(page.request, 'bob');
  const sha1 = await uploadPackage(
    page.request,
    'hostile.zip',
    storedZip({ 'index.html': HOSTILE_INDEX, 'hostile.js': HOSTILE_SCRIPT }),
  );
  const created = await apiCall<Resource>(page.request, 'POST', '/resources', {
    name: `hostile-theme-${suffix}`,
    resourceTypeCode: 'theme',
    policies: [{ policyName: 'free', policyText: encodeURIComponent(FREE_POLICY) }],
  });
  await apiCall(page.request, 'POST', `/resources/${created.resourceId}/versions`, {
    version: '1.0.0',
    fileSha1: sha1,
    filename: 'hostile.zip',
  });
  const theme = await apiCall<Resource>(page.request, 'PUT', `/resources/${created.resourceId}`, { status: 1 });
  const node = await apiCall<{ nodeId: number }>(page.request, 'POST', '/nodes', {
    nodeName: `Hostile${suffix}`,
    nodeDomain: domain,
  });
  const exhibit = await apiCall<Exhibit>(page.request, 'POST', '/presentables', {
    nodeId: node.nodeId,
    resourceId: theme.resourceId,
    version: '1.0.0',
    presentableName: `hostile-${suffix}`,
    resolveResources: [{ resourceId: theme.resourceId, contracts: [{ policyId: theme.policies[0]?.policyId }] }],
    policies: [{ policyName: 'free', policyText: encodeURIComponent(FREE_POLICY) }],
  });
  await apiCall(page.request, 'PUT', `/presentables/${exhibit.presentableId}/onlineStatus`, { onlineStatus: 1 });
  const other = await apiCall<{ nodeId: number }>(page.request, 'GET', '/nodes/detail?nodeDomain=mist-gallery');

  // Alice, signed in on the platform's own host, opens the node's site.
  const visitor = await browser.newContext({ baseURL: PLATFORM, locale: 'en-US' });
  try {
    await apiSignIn(visitor.request, 'alice');
    const platformCookies = (await visitor.storageState()).cookies.map((cookie) => cookie.name);
    expect(platformCookies).toEqual(expect.arrayContaining(['authInfo', 'uid', 'XSRF-TOKEN']));
    const site = await visitor.newPage();
    const query = new URLSearchParams({ other: String(other.nodeId), platform: PLATFORM });
    const answer = await site.goto(`http://${domain}.localhost:${port}/?${query}`);
    expect(answer?.status()).toBe(200);
    await expect(site.getByRole('heading', { name: 'Innocent theme' })).toBeVisible();
    await expect(site.locator('body')).toHaveAttribute('data-done', '1');
    const results = JSON.parse((await site.locator('#results').textContent()) ?? '{}') as Record<string, string>;

    // The site session exists (single sign-on worked), yet nothing of the platform's reaches the theme.
    expect(results.site).toMatch(/^viewer /);
    expect(results.cookies).not.toMatch(/authInfo|uid=|XSRF-TOKEN|nodeSiteSession/);
    expect(results.platformUser).toMatch(/^blocked/);
    expect(results.platformUserNoCors).toMatch(/^blocked|^opaque opaque 0$/);
    expect(results.otherNodeExhibits).toBe('errCode 3');
    expect(results.otherNodeAuth).toBe('errCode 3');
    expect(results.currentUserOnSite).toBe('errCode 3');
    expect(results.signOnSite).toBe('errCode 3');
    // Its own node's exhibits stay readable: the refusals are the wall, not a broken site.
    expect(results.ownExhibits).toBe('errCode 0');

    // The platform cookies stayed on the platform's host only.
    const cookies = await visitor.cookies();
    for (const cookie of cookies.filter((each) => ['authInfo', 'uid', 'XSRF-TOKEN'].includes(each.name)))
      expect(cookie.domain).toBe('localhost');
    expect(cookies.find((each) => each.name === 'nodeSiteSession')?.domain).toBe(`${domain}.localhost`);
  } finally {
    await visitor.close();
  }
});

test('the demo paper theme lists the node’s exhibits through the SDK, shows a free one, and sends a visitor to the platform to sign in or to get access', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const site = `http://mist-gallery.localhost:${port}`;

  // A visitor: the free notes are shown; the paid photograph asks them to sign in on the platform.
  const visitor = await browser.newContext({ locale: 'en-US' });
  try {
    const page = await visitor.newPage();
    await page.goto(`${site}/`);
    await page.getByRole('link', { name: /Space Travel Notes/ }).click();
    await expect(page).toHaveURL(/\/exhibits\/[0-9a-f]{24}$/);
    await expect(page.locator('.content pre')).toContainText('Space Travel Notes');
    await page.getByRole('link', { name: 'Back to the list' }).click();
    await page.getByRole('link', { name: /Morning Mist/ }).click();
    await expect(page.getByText('Sign in to see this exhibit.')).toBeVisible();
    await page.locator('.notice').getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(new RegExp(`^http://localhost:${port}/login\\?`));
  } finally {
    await visitor.close();
  }

  // Bob, signed in, holds no contract on the photograph: "Get access" opens the platform's dialog,
  // which knows the node, the exhibit and the way back.
  const bob = await browser.newContext({ baseURL: PLATFORM, locale: 'en-US' });
  try {
    await apiSignIn(bob.request, 'bob');
    const page = await bob.newPage();
    await page.goto(`${site}/`);
    await expect(page.getByText(/^Hello, /)).toBeVisible();
    await page.getByRole('link', { name: /Morning Mist/ }).click();
    const exhibitUrl = page.url();
    await page.getByRole('button', { name: 'Get access' }).click();
    await expect(page).toHaveURL(new RegExp(`^http://localhost:${port}/exhibit/authorize\\?`));
    const target = new URL(page.url());
    expect(target.searchParams.get('exhibitId')).toBe(/\/exhibits\/([0-9a-f]{24})/.exec(exhibitUrl)?.[1]);
    expect(target.searchParams.get('returnUrl')).toBe(exhibitUrl);
  } finally {
    await bob.close();
  }
});
