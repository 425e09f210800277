import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, type TestServer } from '../../testing/test-server';
import type { RelationNode, Resource } from './resources-api';
import {
  ALICE,
  openPage,
  policyBinding,
  rawResourceKeys,
  relationNode,
  requestsTo,
  resourceWire,
  signInAlice,
  startResourceServer,
  nth,
  versionWire,
} from './testing';

let server: TestServer;
afterEach(async () => {
  await server.close();
});

async function serve(resource: Resource, { count = 3, relations = [] as RelationNode[] } = {}) {
  server = await startResourceServer();
  const base = `/v2/resources/${resource.resourceId}`;
  server.route(base, { body: envelope(resource) });
  server.route(`${base}/relationTree`, { body: envelope(relations) });
  server.route(`${base}/versions/1.0.0`, {
    body: envelope(versionWire(resource, { version: '1.0.0', versionId: 'v1', description: '<p>第一版说明</p>' })),
  });
  server.route(`/v2/collections/resources/${resource.resourceId}/count`, { body: envelope(count) });
  server.route('/v2/collections/resources/isCollected', {
    body: envelope([{ resourceId: resource.resourceId, isCollected: false }]),
  });
  server.route('/v2/collections/resources', { body: envelope({ resourceId: resource.resourceId }) });
  server.route(`/v2/collections/resources/${resource.resourceId}`, { body: envelope(true) });
}

const versioned = (overrides: Partial<Resource> = {}): Resource => {
  const resource = resourceWire({
    resourceTitle: '山间晨雾',
    tags: ['风景', '摄影'],
    intro: '一张清晨的照片',
    resourceVersions: [
      { version: '1.0.0', versionId: 'v1', createDate: '2026-03-01T08:30:00.000Z' },
      { version: '1.1.0', versionId: 'v2', createDate: '2026-03-02T08:30:00.000Z' },
    ],
    latestVersion: '1.1.0',
    policies: [
      policyBinding({ policyName: '免费使用' }),
      policyBinding({ policyId: 'b'.repeat(32), policyName: '已停用策略', status: 0 }),
    ],
    ...overrides,
  });
  const latestVersionInfo = versionWire(resource, {
    version: '1.1.0',
    versionId: 'v2',
    description: '<p>最新说明<script>window.hacked = 1</script></p>',
    systemProperty: { fileSize: 2048, mime: 'image/png', width: 640, duration: 65 },
    customPropertyDescriptors: [
      { key: 'camera', name: '相机', defaultValue: 'X100', type: 'readonlyText', candidateItems: [], remark: '' },
    ],
  });
  return { ...resource, latestVersionInfo };
};

describe('the resource details page', { timeout: 20_000 }, () => {
  it('shows the header, the latest version, properties and the enabled policies as text with code', async () => {
    const resource = versioned();
    await serve(resource);
    openPage(server, `/resource/details/${resource.resourceId}`);
    expect(await screen.findByRole('heading', { level: 1, name: '山间晨雾' })).toBeTruthy();
    expect(screen.getByTestId('resource-name').textContent).toBe(resource.resourceName);
    const tags = screen.getByRole('list', { name: '标签' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['风景', '摄影']);
    expect(screen.getByText('一张清晨的照片')).toBeTruthy();
    expect(await screen.findByText('最新说明')).toBeTruthy();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByText('2.00 KB')).toBeTruthy();
    // Analysis stores seconds.
    expect(screen.getByText('1:05')).toBeTruthy();
    expect(screen.getByText('X100')).toBeTruthy();
    const request = requestsTo(server, 'GET', `/v2/resources/${resource.resourceId}`)[0];
    expect(request?.query.get('isLoadPolicyInfo')).toBe('1');

    const policies = screen.getAllByTestId('resource-policy');
    expect(policies).toHaveLength(1);
    expect(nth(policies, 0).textContent).toContain('免费使用');
    const readOnly = await within(nth(policies, 0)).findByTestId('policy-read-only');
    expect(within(readOnly).getByTestId('policy-translation').textContent?.length).toBeGreaterThan(0);
    await waitFor(() => expect(readOnly.textContent).toContain('initial'));
    // No dependencies: one quiet line, not an empty-state picture with a heading.
    const noDependencies = screen.getByTestId('dependencies-empty');
    expect(noDependencies.tagName).toBe('P');
    expect(noDependencies.querySelector('svg, h2')).toBeNull();
    expect(rawResourceKeys(document.body.textContent)).toEqual([]);
  });

  it('switches to another version through the address', async () => {
    const resource = versioned();
    await serve(resource);
    const { router } = openPage(server, `/resource/details/${resource.resourceId}?version=1.0.0`);
    expect(await screen.findByText('第一版说明')).toBeTruthy();
    expect(router.state.location.search).toBe('?version=1.0.0');
  });

  it('toggles the favourite and its count for a signed-in reader', async () => {
    const resource = versioned();
    await serve(resource, { count: 3 });
    signInAlice(server);
    openPage(server, `/resource/details/${resource.resourceId}`);
    const toggle = await screen.findByTestId('favourite-toggle');
    await waitFor(() => expect(toggle.textContent).toBe('收藏 3'));
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(toggle.textContent).toBe('已收藏 4'));
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(requestsTo(server, 'POST', '/v2/collections/resources')[0]?.body ?? '{}')).toEqual({
      resourceId: resource.resourceId,
    });

    await userEvent.setup().click(toggle);
    await waitFor(() => expect(toggle.textContent).toBe('收藏 3'));
    expect(requestsTo(server, 'DELETE', `/v2/collections/resources/${resource.resourceId}`)).toHaveLength(1);
  });

  it('sends a visitor who wants to collect to the login page', async () => {
    const resource = versioned();
    await serve(resource);
    const { router } = openPage(server, `/resource/details/${resource.resourceId}`);
    await userEvent.setup().click(await screen.findByTestId('favourite-toggle'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(requestsTo(server, 'GET', '/v2/collections/resources/isCollected')).toHaveLength(0);
  });

  it('shows why a resource is frozen, and its own unreleased state to the owner', async () => {
    const frozen = versioned({ status: 2, freezeReason: '侵权投诉' });
    await serve(frozen);
    openPage(server, `/resource/details/${frozen.resourceId}`, 'en_US');
    const banner = await screen.findByTestId('status-banner');
    expect(banner.textContent).toContain('This resource is frozen');
    expect(banner.textContent).toContain('侵权投诉');
    expect(rawResourceKeys(document.body.textContent)).toEqual([]);
  });

  it('tells the owner that the resource is not released yet and shows disabled policies', async () => {
    const draft = resourceWire({
      userId: ALICE,
      username: 'alice',
      status: 0,
      policies: [policyBinding({ status: 0, policyName: '草稿策略' })],
    });
    await serve(draft);
    signInAlice(server);
    openPage(server, `/resource/details/${draft.resourceId}`);
    expect((await screen.findByTestId('status-banner')).textContent).toContain('资源还未发行');
    expect(screen.getByTestId('resource-policy').textContent).toContain('已停用');
    // Neither a description nor properties before the first version.
    expect(screen.getAllByText('还没有发行版本')).toHaveLength(2);
  });

  it('draws the relation graph of the chosen version: direct dependencies and what they upcast', async () => {
    const resource = versioned();
    const relations: RelationNode[] = [
      relationNode(resource, {
        children: [
          relationNode(
            { resourceId: '6650a1c2e4b0f3d9000b0001', resourceName: 'carol/底图' },
            {
              versionRanges: ['^2.0.0'],
              children: [relationNode({ resourceId: '6650a1c2e4b0f3d9000c0001', resourceName: 'dave/字体' })],
            },
          ),
        ],
      }),
    ];
    await serve(resource, { relations });
    openPage(server, `/resource/details/${resource.resourceId}?version=1.0.0`, 'en_US');
    const section = await screen.findByRole('region', { name: 'Relations' });
    const graph = await within(section).findByTestId('relation-graph', {}, { timeout: 10_000 });
    expect(graph.getAttribute('role')).toBe('group');
    // One resource per column: the frame fits that one row instead of a fixed tall box.
    expect(graph.style.height).toBe('150px');
    expect(await within(graph).findByText('carol/底图 ^2.0.0')).toBeTruthy();
    expect(within(graph).getByText('dave/字体')).toBeTruthy();
    expect(within(section).getByText(/dashed line: upcast/)).toBeTruthy();
    expect(
      nth(requestsTo(server, 'GET', `/v2/resources/${resource.resourceId}/relationTree`), 0).query.get('version'),
    ).toBe('1.0.0');
  });

  it('shows the relation tree’s failure with a retry, and a calm state without relations', async () => {
    const resource = versioned();
    await serve(resource);
    server.route(`/v2/resources/${resource.resourceId}/relationTree`, {
      body: envelope(null, { errCode: 1, msg: '服务暂时不可用' }),
    });
    openPage(server, `/resource/details/${resource.resourceId}`);
    expect((await screen.findByTestId('relation-graph-error')).textContent).toContain('服务暂时不可用');
    server.route(`/v2/resources/${resource.resourceId}/relationTree`, {
      body: envelope([relationNode(resource)]),
    });
    await userEvent.setup().click(within(screen.getByTestId('relation-graph-error')).getByRole('button'));
    const noRelations = await screen.findByTestId('relations-empty');
    expect(noRelations.textContent).toBe('这个版本没有依赖，也就没有关系');
    expect(noRelations.tagName).toBe('P');
  });

  it('offers its owner the editor from the header', async () => {
    const mine = versioned({ userId: ALICE, username: 'alice' });
    await serve(mine);
    signInAlice(server);
    openPage(server, `/resource/details/${mine.resourceId}`);
    const header = (await screen.findByRole('heading', { level: 1, name: '山间晨雾' })).closest(
      'header',
    ) as HTMLElement;
    expect(within(header).getByRole('link', { name: '管理资源' }).getAttribute('href')).toBe(
      `/resource/sidebar/info/${mine.resourceId}`,
    );
  });

  it('offers no editor to other readers', async () => {
    const resource = versioned();
    await serve(resource);
    signInAlice(server);
    openPage(server, `/resource/details/${resource.resourceId}`);
    await screen.findByRole('heading', { level: 1, name: '山间晨雾' });
    expect(screen.queryByRole('link', { name: '管理资源' })).toBeNull();
  });

  it('says the resource does not exist on errCode 2', async () => {
    server = await startResourceServer();
    server.route('/v2/resources/6650a1c2e4b0f3d9ffffffff', { body: envelope(null, { errCode: 2, msg: 'not found' }) });
    openPage(server, '/resource/details/6650a1c2e4b0f3d9ffffffff');
    expect(await screen.findByTestId('details-not-found')).toBeTruthy();
  });
});
