import { afterEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { buttonName, policyUser } from '../policy/testing';
import { openPage } from '../resources/testing';
import { envelope, type TestServer } from '../../testing/test-server';
import { contractWire } from '../contracts/testing';
import {
  bodyOf,
  exhibitWire,
  NODE_ID,
  nodeWire,
  pageOfAll,
  rawNodeKeys,
  requestsTo,
  startNodeServer,
  PAGE_WAIT_MS,
} from './testing';

// The first page of a file waits for its lazy chunk to be compiled, which is slow on a busy machine.
configure({ asyncUtilTimeout: PAGE_WAIT_MS });

let server: TestServer;
afterEach(async () => {
  await server.close();
});

const MANAGER = `/node/formal/${NODE_ID}`;
const exhibitLists = () => requestsTo(server, 'GET', '/v2/presentables');

describe('the node manager: exhibits', { timeout: 60_000 }, () => {
  it('lists the exhibits with links, and asks the server again for each search and filter', async () => {
    server = await startNodeServer();
    const fog = exhibitWire({ presentableName: '晨雾', onlineStatus: 1 });
    const song = exhibitWire({
      presentableName: '山歌',
      resourceInfo: { resourceId: 'r', resourceName: 'bob/山歌', resourceType: ['audio'], resourceOwnerId: 10002 },
      isShowVersionUpdateTip: true,
      latestVersion: '1.2.0',
    });
    server.route('/v2/presentables', { body: pageOfAll([fog, song]) });
    openPage(server, MANAGER);

    expect(await screen.findByRole('heading', { level: 1, name: '晨雾画廊' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: '节点管理' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['展品', '主题', '合约', '设置']);
    expect(within(nav).getByRole('link', { name: '展品' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: /打开节点 晨雾画廊 的站点/ }).getAttribute('href')).toBe(
      'http://alice-art.localhost:8080',
    );
    const link = await screen.findByRole('link', { name: '晨雾' });
    expect(link.getAttribute('href')).toBe(`/node/exhibit/formal/${fog.presentableId}`);
    expect(screen.getByText('可更新到 1.2.0')).toBeTruthy();
    const first = exhibitLists()[0];
    expect(first?.query.get('nodeId')).toBe(String(NODE_ID));
    expect(first?.query.get('onlineStatus')).toBe('2');
    expect(first?.query.get('omitResourceType')).toBe('theme');

    const user = policyUser();
    await user.selectOptions(screen.getByLabelText('类型'), 'audio');
    await waitFor(() => expect(exhibitLists().at(-1)?.query.get('resourceType')).toBe('audio'));
    await user.selectOptions(screen.getByLabelText('状态'), '1');
    await waitFor(() => expect(exhibitLists().at(-1)?.query.get('onlineStatus')).toBe('1'));
    await user.type(screen.getByRole('searchbox', { name: '搜索展品名称或资源' }), '晨{enter}');
    await waitFor(() => expect(exhibitLists().at(-1)?.query.get('keywords')).toBe('晨'));
    expect(rawNodeKeys(document.body.textContent)).toEqual([]);
  });

  it('puts the chosen exhibits online and says what became of each', async () => {
    server = await startNodeServer();
    const fog = exhibitWire({ presentableName: '晨雾' });
    const song = exhibitWire({ presentableName: '山歌' });
    server.route('/v2/presentables', { body: pageOfAll([fog, song]) });
    server.route('/v2/presentables/updatePresentableOnlineStatusBatch', {
      body: envelope([
        { id: fog.presentableId, success: true, errCode: 0, msg: 'success' },
        { id: song.presentableId, success: false, errCode: 2, msg: '展品没有启用的授权策略' },
      ]),
    });
    openPage(server, MANAGER);
    const user = policyUser();
    await user.click(await screen.findByRole('checkbox', { name: '选择 晨雾' }));
    await user.click(screen.getByRole('checkbox', { name: '选择 山歌' }));
    expect(screen.getByText('已选 2 个')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: buttonName('上线') }));

    const result = await screen.findByTestId('batch-online-result');
    expect(bodyOf(requestsTo(server, 'PUT', '/v2/presentables/updatePresentableOnlineStatusBatch')[0])).toEqual({
      presentableIds: [fog.presentableId, song.presentableId],
      onlineStatus: 1,
    });
    expect(result.textContent).toContain('上线完成：1 个成功，1 个未成功');
    const items = within(result).getAllByTestId('batch-online-item');
    expect(items.map((item) => [item.dataset.success, item.textContent])).toEqual([
      ['true', '成功 晨雾'],
      ['false', '未成功 山歌: 展品没有启用的授权策略'],
    ]);
    // The one that failed stays chosen, to try again after fixing it.
    expect(screen.getByText('已选 1 个')).toBeTruthy();
    await waitFor(() => expect(exhibitLists().length).toBeGreaterThan(1));
  });

  it('invites to the market when the node has no exhibit, and offers to clear filters that match none', async () => {
    server = await startNodeServer();
    server.route('/v2/presentables', { body: pageOfAll([]) });
    openPage(server, MANAGER);
    const empty = await screen.findByTestId('exhibits-empty');
    expect(empty.textContent).toContain('节点还没有展品');
    expect(within(empty).getByRole('link', { name: '去资源市场' }).getAttribute('href')).toBe('/market');

    const user = policyUser();
    await user.selectOptions(screen.getByLabelText('状态'), '0');
    await waitFor(() => expect(screen.getByTestId('exhibits-empty').textContent).toContain('没有符合条件的展品'));
    await user.click(screen.getByRole('button', { name: '清除筛选' }));
    await waitFor(() => expect(screen.getByTestId('exhibits-empty').textContent).toContain('节点还没有展品'));
    expect((screen.getByLabelText('状态') as HTMLSelectElement).value).toBe('2');
  });
});

describe('the node manager: themes, contracts', { timeout: 60_000 }, () => {
  it('shows the active theme and activates another', async () => {
    const calm = exhibitWire({ presentableName: '静谧', onlineStatus: 1 });
    const bright = exhibitWire({ presentableName: '明亮' });
    const node = nodeWire({ nodeThemeId: calm.presentableId });
    server = await startNodeServer([node]);
    server.route('/v2/presentables', { body: pageOfAll([calm, bright]) });
    server.route(`/v2/presentables/${bright.presentableId}/onlineStatus`, { body: envelope(true) });
    openPage(server, `${MANAGER}?showPage=theme`);

    expect((await screen.findByTestId('active-theme')).textContent).toBe('当前主题：静谧');
    expect(requestsTo(server, 'GET', '/v2/presentables')[0]?.query.get('resourceType')).toBe('theme');
    const cards = screen.getAllByTestId('theme-card');
    expect(cards.map((card) => card.dataset.active)).toEqual(['true', 'false']);
    expect(within(nthOf(cards, 0)).getByText('使用中')).toBeTruthy();

    server.route(`/v2/nodes/${NODE_ID}`, { body: envelope({ ...node, nodeThemeId: bright.presentableId }) });
    const user = policyUser();
    await user.click(screen.getByRole('button', { name: '激活主题 明亮' }));
    await waitFor(() => expect(screen.getByTestId('active-theme').textContent).toBe('当前主题：明亮'));
    expect(bodyOf(requestsTo(server, 'PUT', `/v2/presentables/${bright.presentableId}/onlineStatus`)[0])).toEqual({
      onlineStatus: 1,
    });
  });

  it('says when the node has no theme', async () => {
    server = await startNodeServer();
    server.route('/v2/presentables', { body: pageOfAll([]) });
    openPage(server, `${MANAGER}?showPage=themes`);
    const empty = await screen.findByTestId('themes-empty');
    expect(within(empty).getByRole('link', { name: '浏览主题' }).getAttribute('href')).toBe(
      '/market?resourceTypeCode=theme',
    );
  });

  it('lists the node’s contracts as licensee', async () => {
    server = await startNodeServer();
    const contract = contractWire({ contractName: '晨雾 · 免费使用', licenseeIdentityType: 2 });
    server.route('/v2/contracts', { body: pageOfAll([contract]) });
    openPage(server, `${MANAGER}?showPage=contract`);
    const [row] = await screen.findAllByTestId('contract-row');
    expect(row?.textContent).toContain('晨雾 · 免费使用');
    const query = requestsTo(server, 'GET', '/v2/contracts')[0]?.query;
    expect([query?.get('identityType'), query?.get('licenseeIdentityType'), query?.get('licenseeId')]).toEqual([
      '2',
      '2',
      String(NODE_ID),
    ]);
  });

  it('says when the node has no contract', async () => {
    server = await startNodeServer();
    server.route('/v2/contracts', { body: pageOfAll([]) });
    openPage(server, `${MANAGER}?showPage=contract`);
    expect((await screen.findByTestId('node-contracts-empty')).textContent).toContain('节点还没有签订合约');
  });
});

describe('the node manager: settings', { timeout: 60_000 }, () => {
  it('saves title, description and the paused visibility with its notice', async () => {
    server = await startNodeServer();
    server.route('/v2/nodes/setNodeInfo', { body: envelope(true) });
    openPage(server, `${MANAGER}?showPage=setting`);
    const user = policyUser();
    await user.click(await screen.findByLabelText('节点标题'));
    await user.paste('晨雾里的画');
    await user.click(screen.getByLabelText('节点简介'));
    await user.paste('一些清晨的照片');
    expect(screen.queryByLabelText('暂停公告')).toBeNull();
    await user.click(screen.getByLabelText(/^暂停/));
    await user.click(await screen.findByLabelText('暂停公告'));
    await user.paste('整理中，下周见');
    await user.click(screen.getByText('保存设置'));

    expect(await screen.findByText('设置已保存')).toBeTruthy();
    expect(bodyOf(requestsTo(server, 'POST', '/v2/nodes/setNodeInfo')[0])).toEqual({
      nodeId: NODE_ID,
      nodeTitle: '晨雾里的画',
      nodeShortDescription: '一些清晨的照片',
      nodeLogo: '',
      status: 8,
      nodeSuspendInfo: '整理中，下周见',
    });
  });

  it('deletes the node only after its name is typed, then shows my nodes', async () => {
    server = await startNodeServer();
    server.route(`/v2/nodes/${NODE_ID}`, (request) =>
      request.method === 'DELETE' ? { body: envelope(true) } : { body: envelope(nodeWire()) },
    );
    openPage(server, `${MANAGER}?showPage=setting`);
    const user = policyUser();
    await user.click(await screen.findByRole('button', { name: '删除节点…' }));
    const dialog = await screen.findByRole('dialog', { name: '删除节点 晨雾画廊？' });
    const confirm = within(dialog).getByRole('button', { name: '永久删除' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByLabelText('请输入节点名称 晨雾画廊 以确认'));
    await user.paste('晨雾');
    expect(confirm.hasAttribute('disabled')).toBe(true);
    expect(requestsTo(server, 'DELETE', `/v2/nodes/${NODE_ID}`)).toHaveLength(0);
    await user.paste('画廊');
    await waitFor(() => expect(confirm.hasAttribute('disabled')).toBe(false));
    server.route('/v2/nodes', { body: pageOfAll([]) });
    await user.click(confirm);
    expect(await screen.findByTestId('my-nodes-empty')).toBeTruthy();
    expect(requestsTo(server, 'DELETE', `/v2/nodes/${NODE_ID}`)).toHaveLength(1);
  });

  it('keeps another user’s node out', async () => {
    server = await startNodeServer([nodeWire({ ownerUserId: 10002 })]);
    openPage(server, MANAGER);
    expect(await screen.findByTestId('node-not-yours')).toBeTruthy();
    expect(requestsTo(server, 'GET', '/v2/presentables')).toHaveLength(0);
  });
});

function nthOf<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item at ${index}`);
  return item;
}
