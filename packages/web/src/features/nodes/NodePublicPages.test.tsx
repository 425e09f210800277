import { afterEach, describe, expect, it } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import { openPage } from '../resources/testing';
import { envelope, gate, startTestServer, type TestServer } from '../../testing/test-server';
import { NODE_ID, nodeWire, pageOfAll, rawNodeKeys, requestsTo, startNodeServer, PAGE_WAIT_MS } from './testing';

// The first page of a file waits for its lazy chunk to be compiled, which is slow on a busy machine.
configure({ asyncUtilTimeout: PAGE_WAIT_MS });

let server: TestServer;
afterEach(async () => {
  await server.close();
});

describe('my nodes', { timeout: 60_000 }, () => {
  it('lists the normal and the frozen nodes, each opening its manager or its freeze page', async () => {
    server = await startNodeServer([
      nodeWire({ nodeTitle: '清晨的照片', visibility: 2 }),
      nodeWire({ nodeId: NODE_ID + 1, nodeName: '旧站', nodeDomain: 'old-place', status: 6 }),
    ]);
    openPage(server, '/node/list');
    const nodes = await screen.findAllByTestId('my-node');
    expect(nodes.map((node) => within(node).getAllByRole('link')[0]?.getAttribute('href'))).toEqual([
      `/node/formal/${NODE_ID}?showPage=exhibit`,
      `/result/node/freeze/${NODE_ID + 1}`,
    ]);
    expect(nodes[0]?.textContent).toContain('私密');
    expect(nodes[0]?.textContent).toContain('清晨的照片');
    expect(within(nodes[1] as HTMLElement).getByTestId('node-frozen-badge').textContent).toBe('已冻结');
    // No status: the normal and the frozen ones together.
    expect(requestsTo(server, 'GET', '/v2/nodes').map((request) => request.query.get('status'))).toEqual([null]);
    expect(screen.getByRole('link', { name: '创建节点' }).getAttribute('href')).toBe('/node/creator');
    expect(rawNodeKeys(document.body.textContent)).toEqual([]);
  });

  it('invites to create a node when there is none', async () => {
    server = await startNodeServer([]);
    openPage(server, '/node/list', 'en_US');
    const empty = await screen.findByTestId('my-nodes-empty');
    expect(empty.textContent).toContain('You have no node yet');
    expect(within(empty).getByRole('link', { name: 'Create a node' }).getAttribute('href')).toBe('/node/creator');
    expect(within(empty).getByRole('link', { name: 'See example nodes' }).getAttribute('href')).toBe('/examples');
  });

  it('says it is loading until the nodes come', async () => {
    server = await startNodeServer([]);
    const held = gate();
    server.route('/v2/nodes', { body: pageOfAll([nodeWire()]), after: held.promise });
    openPage(server, '/node/list');
    expect((await screen.findByTestId('my-nodes-loading')).getAttribute('role')).toBe('status');
    held.open();
    expect(await screen.findByTestId('my-node')).toBeTruthy();
    expect(screen.queryByTestId('my-nodes-loading')).toBeNull();
  });

  it('says when the nodes cannot be read', async () => {
    server = await startNodeServer([]);
    server.route('/v2/nodes', { status: 500, body: 'down' });
    openPage(server, '/node/list');
    expect(await screen.findByTestId('my-nodes-error')).toBeTruthy();
  });
});

describe('the examples', { timeout: 60_000 }, () => {
  it('shows each public node as a card opening its site, for visitors too', async () => {
    server = await startTestServer({
      '/v2/nodes/searchForClient': {
        body: pageOfAll([nodeWire({ nodeTitle: '晨雾里的画', nodeShortDescription: '一些清晨的照片' })]),
      },
    });
    openPage(server, '/examples');
    const [card] = await screen.findAllByTestId('example-node');
    const link = within(card as HTMLElement).getByRole('link');
    expect(link.getAttribute('href')).toBe('http://alice-art.localhost:8080');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('aria-label')).toBe('打开节点 晨雾里的画 的站点 alice-art.localhost:8080（新标签页）');
    expect(card?.textContent).toContain('一些清晨的照片');
    const nav = screen.getByRole('navigation', { name: '主导航' });
    expect(within(nav).getByRole('link', { name: '示例节点' }).getAttribute('aria-current')).toBe('page');
    expect(rawNodeKeys(document.body.textContent)).toEqual([]);
  });

  it('says when there is no public node', async () => {
    server = await startTestServer({ '/v2/nodes/searchForClient': { body: pageOfAll([]) } });
    openPage(server, '/examples');
    expect((await screen.findByTestId('examples-empty')).textContent).toContain('还没有公开的节点');
  });
});

describe('the node freeze result', { timeout: 60_000 }, () => {
  const freezeInfo = (isFrozen: boolean) => ({
    nodeId: NODE_ID,
    nodeName: '晨雾画廊',
    isFrozen,
    reason: isFrozen ? '展示未授权内容' : '',
    remark: '',
  });

  it('names the frozen node and the reason, for anyone', async () => {
    server = await startTestServer({ [`/v2/nodes/${NODE_ID}/freezeInfo`]: { body: envelope(freezeInfo(true)) } });
    openPage(server, `/result/node/freeze/${NODE_ID}`);
    const result = await screen.findByTestId('node-freeze-result');
    expect(within(result).getByRole('heading', { level: 1, name: '节点已被冻结' })).toBeTruthy();
    expect(result.textContent).toContain('晨雾画廊');
    expect(screen.getByTestId('node-freeze-reason').textContent).toBe('展示未授权内容');
  });

  it('says when the node is not frozen (in English too)', async () => {
    server = await startTestServer({ [`/v2/nodes/${NODE_ID}/freezeInfo`]: { body: envelope(freezeInfo(false)) } });
    openPage(server, `/result/node/freeze/${NODE_ID}`, 'en_US');
    expect((await screen.findByTestId('node-freeze-not-frozen')).textContent).toContain(
      'The node 晨雾画廊 is not frozen',
    );
  });

  it('says when there is no such node', async () => {
    server = await startTestServer({
      '/v2/nodes/80000009/freezeInfo': { body: envelope(null, { errCode: 2, msg: 'node not found' }) },
    });
    openPage(server, '/result/node/freeze/80000009');
    expect(await screen.findByTestId('node-freeze-not-found')).toBeTruthy();
  });
});
