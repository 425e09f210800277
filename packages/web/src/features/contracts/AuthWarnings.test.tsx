import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { RelationTreeAuthNodeWire } from '@tessera/contract/auths';
import { envelope, type TestServer } from '../../testing/test-server';
import { policyUser } from '../policy/testing';
import { RESOURCE_ID, startEditorServer } from '../resource-editor/testing';
import {
  ALICE,
  nth,
  openPage,
  pageOf,
  requestsTo,
  resourceWire,
  signInAlice,
  startResourceServer,
} from '../resources/testing';
import { contractWire, routeContracts } from './testing';

let server: TestServer;
afterEach(async () => {
  await server.close();
});

const RELATION_AUTH = `/v2/auths/resources/${RESOURCE_ID}/relationTreeAuth`;
const BATCH_AUTH = '/v2/auths/resources/batchAuth/results';

function authNode(
  resourceId: string,
  resourceName: string,
  overrides: Partial<RelationTreeAuthNodeWire> = {},
): RelationTreeAuthNodeWire {
  return {
    resourceId,
    resourceName,
    resourceType: ['image'],
    resourceStatus: 1,
    versionRanges: [],
    versions: [],
    downstreamIsAuth: true,
    downstreamAuthContractIds: [],
    selfAndUpstreamIsAuth: true,
    children: [],
    ...overrides,
  };
}

/**
 * alice/晨雾 → bob/底图 (its contract k1 does not authorise: sign or pay) → carol/字体 (upcast, authorised)
 * and → dave/纹理 (licensed, but its own upstream fails).
 */
const unauthorisedTree = (): RelationTreeAuthNodeWire[] => [
  authNode(RESOURCE_ID, 'alice/晨雾', {
    children: [
      authNode('6650a1c2e4b0f3d9000b0001', 'bob/底图', {
        downstreamIsAuth: false,
        downstreamAuthContractIds: ['k1'],
        children: [authNode('6650a1c2e4b0f3d9000c0001', 'carol/字体')],
      }),
      authNode('6650a1c2e4b0f3d9000d0001', 'dave/纹理', {
        downstreamAuthContractIds: ['k2'],
        selfAndUpstreamIsAuth: false,
      }),
    ],
  }),
];

describe('auth problems flagged to the owner', { timeout: 30_000 }, () => {
  it('names in the owner’s editor the dependency to sign or pay for, with its contract and the dependency tab', async () => {
    ({ server } = await startEditorServer());
    server.route(RELATION_AUTH, { body: envelope(unauthorisedTree()) });
    routeContracts(server, { contracts: [contractWire({ contractId: 'k1', contractName: '试用七天' })] });
    const { router } = openPage(server, `/resource/sidebar/info/${RESOURCE_ID}`);

    const notice = await screen.findByTestId('auth-problems');
    expect(notice.textContent).toContain('有依赖未获授权（版本 1.1.0）：请签约或支付');
    const [bob, dave] = within(notice).getAllByTestId('auth-problem');
    expect(bob?.textContent).toContain('bob/底图 未获授权');
    expect(dave?.textContent).toBe('dave/纹理 自身的依赖未获授权，需由它的所有者处理');
    expect(within(notice).queryByText(/carol/)).toBeNull();
    expect(nth(requestsTo(server, 'GET', RELATION_AUTH), 0).query.get('version')).toBe('1.1.0');

    const user = policyUser();
    await user.click(within(notice).getByRole('link', { name: '在依赖页为 bob/底图 签约' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/resource/sidebar/dependency/${RESOURCE_ID}`));
    // On the dependency tab itself the notice stays, without a link to where the owner already is.
    expect(within(await screen.findByTestId('auth-problems')).queryByRole('link', { name: /签约/ })).toBeNull();
    await user.click(
      within(screen.getByTestId('auth-problems')).getByRole('link', { name: '查看在 bob/底图 上的合约 1' }),
    );
    expect(router.state.location.search).toBe('?contractId=k1');
    const drawer = await screen.findByTestId('contract-drawer', {}, { timeout: 10_000 });
    expect((await within(drawer).findByTestId('contract-parties')).textContent).toContain('bob/底图');
  });

  it('flags it on the details page for the owner only (en_US)', async () => {
    ({ server } = await startEditorServer());
    server.route(RELATION_AUTH, { body: envelope(unauthorisedTree()) });
    openPage(server, `/resource/details/${RESOURCE_ID}`, 'en_US');

    const notice = await screen.findByTestId('auth-problems');
    expect(notice.textContent).toContain('A dependency is not authorised (version 1.1.0): sign or pay');
    expect(notice.textContent).toContain('bob/底图 is not authorised');
    expect(notice.textContent).toContain('The dependencies of dave/纹理 are not authorised; its owner must act');
    expect(within(notice).getByRole('link', { name: 'View contract 1 on bob/底图' }).getAttribute('href')).toBe(
      `/resource/details/${RESOURCE_ID}?contractId=k1`,
    );
    expect(
      within(notice)
        .getByRole('link', { name: 'Sign a policy of bob/底图 on the dependency tab' })
        .getAttribute('href'),
    ).toBe(`/resource/sidebar/dependency/${RESOURCE_ID}`);
  });

  it('says nothing when every dependency is authorised, and does not ask for another owner’s resource', async () => {
    const { resource } = ({ server } = await startEditorServer());
    server.route(RELATION_AUTH, { body: envelope([authNode(RESOURCE_ID, 'alice/晨雾')]) });
    openPage(server, `/resource/sidebar/info/${RESOURCE_ID}`);
    await waitFor(() => expect(requestsTo(server, 'GET', RELATION_AUTH)).toHaveLength(1));
    await screen.findByTestId('resource-sidebar');
    expect(screen.queryByTestId('auth-problems')).toBeNull();

    // bob's resource seen by alice: no auth call at all.
    Object.assign(resource, { userId: 10002, username: 'bob', resourceName: 'bob/晨雾' });
    server.requests.length = 0;
    openPage(server, `/resource/details/${RESOURCE_ID}`);
    await waitFor(() =>
      expect(requestsTo(server, 'GET', `/v2/resources/${RESOURCE_ID}/relationTree`)).not.toHaveLength(0),
    );
    expect(requestsTo(server, 'GET', RELATION_AUTH)).toHaveLength(0);
  });

  it('badges my resources whose latest version is not authorised upstream, from one call for the page', async () => {
    server = await startResourceServer();
    signInAlice(server);
    const mine = (title: string, latestVersion: string) =>
      resourceWire({
        resourceTitle: title,
        userId: ALICE,
        username: 'alice',
        resourceName: `alice/${title}`,
        latestVersion,
      });
    const resources = [mine('晨雾', '1.2.0'), mine('夜色', '2.0.0'), mine('草稿', '')];
    const [fog, night] = resources as [(typeof resources)[number], (typeof resources)[number]];
    server.route('/v2/resources', (request) => pageOf(resources, request));
    server.route(BATCH_AUTH, {
      body: envelope([
        { resourceId: fog.resourceId, resourceName: fog.resourceName, version: '1.2.0', isAuth: false },
        { resourceId: night.resourceId, resourceName: night.resourceName, version: '2.0.0', isAuth: true },
      ]),
    });
    openPage(server, '/resource/list');

    const badge = await screen.findByTestId('upstream-unauthorised');
    expect(badge.textContent).toContain('上游未授权');
    expect(badge.getAttribute('title')).toBe('alice/晨雾 的版本 1.2.0 有依赖未获授权');
    expect(badge.closest('tr')?.textContent).toContain('晨雾');
    expect(screen.getAllByTestId('upstream-unauthorised')).toHaveLength(1);
    const calls = requestsTo(server, 'GET', BATCH_AUTH);
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(nth(calls, 0).query)).toEqual({
      resourceIds: `${fog.resourceId},${night.resourceId}`,
      versions: '1.2.0,2.0.0',
    });
  });
});
