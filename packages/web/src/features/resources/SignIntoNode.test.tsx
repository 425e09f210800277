import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { NodeWire } from '@tessera/contract/nodes';
import { seedTexts } from '@tessera/domain/i18n-texts';
import { envelope, type TestServer } from '../../testing/test-server';
import { contractWire } from '../contracts/testing';
import { exhibitWire } from '../exhibits/testing';
import { policyUser } from '../policy/testing';
import { openPage, policyBinding, requestsTo, resourceWire, signInAlice, startResourceServer } from './testing';

let server: TestServer;
afterEach(async () => {
  await server.close();
  document.cookie = 'uid=; max-age=0; path=/';
});

const RESOURCE = '6650a1c2e4b0f3d9000f0001';
const UPCAST = '6650a1c2e4b0f3d9000f0002';
const NEW_EXHIBIT = '6650a1c2e4b0f3d9000f0e01';
const OWN_POLICY = 'a'.repeat(32);
const UPCAST_FREE = 'b'.repeat(32);
const UPCAST_PAID = 'c'.repeat(32);
const DAY = '2026-03-01T08:30:00.000Z';

function nodeWire(nodeId: number, nodeName: string, nodeDomain: string): NodeWire {
  return {
    nodeId,
    nodeName,
    nodeDomain,
    nodeTitle: nodeName,
    nodeShortDescription: '',
    nodeLogo: '',
    nodeThemeId: '',
    nodeTestThemeId: '',
    ownerUserId: 10001,
    ownerUserName: 'alice',
    visibility: 1,
    nodeSuspendInfo: '',
    status: 2,
    tags: [],
    nodeUrl: '',
    nodeTestUrl: '',
    createDate: DAY,
    updateDate: DAY,
  };
}

const FIRST = nodeWire(80000001, '晨光', 'morning');
const SECOND = nodeWire(80000002, '夜色', 'night');

/** bob/星空 1.0.0 upcasts bob/河流; alice has two nodes, the second already exhibits bob/星空. */
async function startSignServer(nodes: NodeWire[] = [FIRST, SECOND]) {
  server = await startResourceServer();
  signInAlice(server);
  server.route(`/v2/resources/${RESOURCE}`, {
    body: envelope(
      resourceWire({
        resourceId: RESOURCE,
        resourceName: 'bob/星空',
        resourceTitle: '星空',
        policies: [policyBinding({ policyId: OWN_POLICY, policyName: '免费使用' })],
        resourceVersions: [{ version: '1.0.0', versionId: 'v1', createDate: DAY }],
        latestVersion: '1.0.0',
        baseUpcastResources: [{ resourceId: UPCAST, resourceName: 'bob/河流' }],
      }),
    ),
  });
  server.route(`/v2/resources/${UPCAST}`, {
    body: envelope(
      resourceWire({
        resourceId: UPCAST,
        resourceName: 'bob/河流',
        policies: [
          policyBinding({ policyId: UPCAST_FREE, policyName: '河流免费' }),
          policyBinding({ policyId: UPCAST_PAID, policyName: '河流付费', isFree: 0 }),
        ],
      }),
    ),
  });
  server.route('/v2/nodes', { body: envelope({ skip: 0, limit: 100, totalItem: nodes.length, dataList: nodes }) });
  server.route('/v2/presentables/detail', (request) => ({
    body: envelope(
      request.query.get('nodeId') === String(SECOND.nodeId)
        ? exhibitWire({ presentableId: '6650a1c2e4b0f3d9000f0e09', presentableName: '旧星空', nodeId: SECOND.nodeId })
        : null,
    ),
  }));
  // The first node already holds a contract on bob/河流 under its free policy.
  server.route('/v2/contracts/list', {
    body: envelope([contractWire({ subjectId: UPCAST, policyId: UPCAST_FREE, licenseeIdentityType: 2 })]),
  });
  return openPage(server, `/resource/details/${RESOURCE}`);
}

const flow = () => screen.getByTestId('sign-flow');
const next = (user: ReturnType<typeof policyUser>) => user.click(screen.getByRole('button', { name: '下一步' }));

/** Picks a node and waits until the flow knows whether it already exhibits the resource. */
async function chooseNode(user: ReturnType<typeof policyUser>, name: string) {
  await user.click(await screen.findByRole('radio', { name }));
  await waitFor(() => expect(screen.queryByText('正在查看节点是否已展出这个资源…')).toBeNull());
}

async function openFlow(user: ReturnType<typeof policyUser>) {
  await user.click(await screen.findByRole('button', { name: '签约到节点' }, { timeout: 20_000 }));
  return screen.findByTestId('sign-flow');
}

describe('licensing a resource into a node', { timeout: 120_000 }, () => {
  it('chooses a node, policies per resource (a held contract reused), the exhibit name, and lands on the exhibit', async () => {
    const view = await startSignServer();
    server.route('/v2/presentables', (request) =>
      request.method === 'POST'
        ? { body: envelope(exhibitWire({ presentableId: NEW_EXHIBIT, nodeId: FIRST.nodeId })) }
        : { body: envelope(null, { errCode: 8 }) },
    );
    const user = policyUser();
    await openFlow(user);
    expect(flow().textContent).toContain('第 1 步，共 3 步：选择节点');

    await chooseNode(user, '晨光 (morning)');
    await next(user);
    await waitFor(() => expect(flow().getAttribute('data-step')).toBe('policies'));

    const own = within(await screen.findByRole('group', { name: 'bob/星空' }));
    const upcast = within(await screen.findByRole('group', { name: 'bob/河流' }));
    expect((upcast.getByRole('checkbox', { name: '河流免费' }) as HTMLInputElement).checked).toBe(true);
    expect(upcast.getByTestId('sign-held').textContent).toBe('已有合约，沿用');
    expect((upcast.getByRole('checkbox', { name: '河流付费' }) as HTMLInputElement).checked).toBe(false);
    expect(requestsTo(server, 'GET', '/v2/contracts/list')[0]?.query.get('licenseeId')).toBe(String(FIRST.nodeId));

    await next(user);
    expect(own.getByRole('alert').textContent).toBe('请至少选择一个策略');
    expect(flow().getAttribute('data-step')).toBe('policies');
    await user.click(own.getByRole('checkbox', { name: '免费使用' }));
    await next(user);
    await waitFor(() => expect(flow().getAttribute('data-step')).toBe('confirm'));

    const name = screen.getByRole('textbox', { name: '展品名称' });
    expect((name as HTMLInputElement).value).toBe('星空');
    await user.clear(name);
    await user.paste('a/b');
    await user.click(screen.getByRole('button', { name: '签约并创建展品' }));
    expect((await within(flow()).findByRole('alert')).textContent).toBe(seedTexts['validation.exhibitName']?.zh_CN);
    expect(requestsTo(server, 'POST', '/v2/presentables')).toHaveLength(0);

    await user.clear(name);
    await user.paste('夜空');
    await user.click(screen.getByRole('button', { name: '签约并创建展品' }));
    // The exhibit page's chunk loads before the address changes.
    await waitFor(() => expect(view.router.state.location.pathname).toBe(`/node/exhibit/formal/${NEW_EXHIBIT}`), {
      timeout: 20_000,
    });
    expect(
      requestsTo(server, 'POST', '/v2/presentables').map((request) => JSON.parse(request.body) as unknown),
    ).toEqual([
      {
        nodeId: FIRST.nodeId,
        resourceId: RESOURCE,
        version: '1.0.0',
        presentableName: '夜空',
        resolveResources: [
          { resourceId: RESOURCE, contracts: [{ policyId: OWN_POLICY }] },
          { resourceId: UPCAST, contracts: [{ policyId: UPCAST_FREE }] },
        ],
      },
    ]);
  });

  it('says when the chosen node already exhibits the resource and links to that exhibit', async () => {
    await startSignServer();
    const user = policyUser();
    await openFlow(user);

    await chooseNode(user, '夜色 (night)');
    const already = await screen.findByTestId('sign-already-exhibited');
    expect(already.textContent).toContain('节点“夜色”已经展出了这个资源（展品“旧星空”）');
    expect(within(already).getByRole('link', { name: '打开这个展品' }).getAttribute('href')).toBe(
      '/node/exhibit/formal/6650a1c2e4b0f3d9000f0e09',
    );
    await next(user);
    expect(flow().getAttribute('data-step')).toBe('node');
  });

  it('shows the server’s word on the exhibit name it refused', async () => {
    await startSignServer();
    server.route('/v2/presentables', {
      body: envelope([{ field: 'presentableName', message: '节点里已有同名展品' }], { errCode: 4, msg: '参数错误' }),
    });
    const user = policyUser();
    await openFlow(user);
    await chooseNode(user, '晨光 (morning)');
    await next(user);
    await user.click(
      within(await screen.findByRole('group', { name: 'bob/星空' })).getByRole('checkbox', { name: '免费使用' }),
    );
    await next(user);
    await user.click(await screen.findByRole('button', { name: '签约并创建展品' }));
    const name = screen.getByRole('textbox', { name: '展品名称' });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      '节点里已有同名展品',
    );
  });

  it('offers to create a node when the user has none', async () => {
    await startSignServer([]);
    const user = policyUser();
    await openFlow(user);
    const none = await screen.findByTestId('sign-no-nodes');
    expect(none.textContent).toContain('你还没有节点');
    expect(within(none).getByRole('link', { name: '创建节点' }).getAttribute('href')).toBe('/node/creator');
  });
});
