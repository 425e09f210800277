import { afterEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { buttonName, policyUser } from '../policy/testing';
import { openPage } from '../resources/testing';
import { envelope, type TestServer } from '../../testing/test-server';
import {
  bodyOf,
  expectFieldMessage,
  fieldDescription,
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

const NAME = '节点名称';
const DOMAIN = '节点地址';

/** Answers the live "taken" checks: a node exists for the values given. */
function takenOnes(taken: { nodeName?: string; nodeDomain?: string }) {
  server.route('/v2/nodes/detail', (request) => {
    const name = request.query.get('nodeName');
    const domain = request.query.get('nodeDomain');
    const hit = (name && name === taken.nodeName) || (domain && domain === taken.nodeDomain);
    return { body: envelope(hit ? nodeWire() : null) };
  });
}

describe('the node creator', { timeout: 60_000 }, () => {
  it('checks name and domain as they are typed, by the shared rules, reserved words and taken ones', async () => {
    server = await startNodeServer([]);
    takenOnes({ nodeName: '晨雾画廊', nodeDomain: 'alice-art' });
    openPage(server, '/node/creator');
    const user = policyUser();
    await screen.findByRole('heading', { level: 1, name: '创建节点' });

    await user.type(screen.getByLabelText(NAME), 'a');
    await expectFieldMessage(NAME, '节点名称为 2 至 24 个字符，只能包含中文、英文字母和数字');
    await user.clear(screen.getByLabelText(NAME));
    await user.click(screen.getByLabelText(NAME));
    await user.paste('晨雾画廊');
    await expectFieldMessage(NAME, '这个节点名称已被使用');
    expect(requestsTo(server, 'GET', '/v2/nodes/detail').at(-1)?.query.get('nodeName')).toBe('晨雾画廊');

    const domain = screen.getByLabelText(DOMAIN);
    await user.type(domain, 'Ab');
    await expectFieldMessage(DOMAIN, '节点地址为 4 至 24 个字符');
    await user.clear(domain);
    await user.paste('wallet');
    await expectFieldMessage(DOMAIN, '这个节点地址是保留字，请换一个');
    await user.clear(domain);
    await user.paste('alice-art');
    await expectFieldMessage(DOMAIN, '这个节点地址已被使用');
    await user.clear(domain);
    await user.paste('fog-gallery');
    await waitFor(() => expect(fieldDescription(DOMAIN)).not.toContain('已被使用'));
    expect(screen.getByTestId('site-preview').textContent).toMatch(/fog-gallery\.localhost/);
    expect(rawNodeKeys(document.body.textContent)).toEqual([]);
  });

  it('creates the node and lands on the result page with the next steps', async () => {
    server = await startNodeServer([]);
    takenOnes({});
    const created = nodeWire({ nodeName: '雾中小站', nodeDomain: 'fog-gallery' });
    server.route('/v2/nodes', (request) =>
      request.method === 'POST'
        ? { body: envelope(created) }
        : { body: envelope({ skip: 0, limit: 100, totalItem: 0, dataList: [] }) },
    );
    server.route(`/v2/nodes/${NODE_ID}`, { body: envelope(created) });
    openPage(server, '/node/creator');
    const user = policyUser();
    await user.type(await screen.findByLabelText(NAME), '雾中小站');
    await user.type(screen.getByLabelText(DOMAIN), 'fog-gallery');
    await user.click(screen.getByRole('button', { name: '创建节点' }));

    const result = await screen.findByTestId('node-created');
    expect(bodyOf(requestsTo(server, 'POST', '/v2/nodes')[0])).toEqual({
      nodeName: '雾中小站',
      nodeDomain: 'fog-gallery',
    });
    expect(within(result).getByRole('heading', { level: 1, name: '节点创建成功' })).toBeTruthy();
    expect(
      within(result)
        .getByRole('link', { name: /fog-gallery\.localhost:8080/ })
        .getAttribute('href'),
    ).toBe('http://fog-gallery.localhost:8080');
    expect(within(result).getByRole('link', { name: '管理节点' }).getAttribute('href')).toBe(
      `/node/formal/${NODE_ID}?showPage=exhibit`,
    );
    expect(within(result).getByRole('link', { name: '选择主题' }).getAttribute('href')).toBe(
      `/node/formal/${NODE_ID}?showPage=theme`,
    );
    expect(within(result).getByRole('link', { name: '浏览资源市场' }).getAttribute('href')).toBe('/market');
    expect(rawNodeKeys(document.body.textContent)).toEqual([]);
  });

  it('shows the server’s refusal on the field it names, and other refusals under the form (in English too)', async () => {
    server = await startNodeServer([]);
    takenOnes({});
    let answer: ReturnType<typeof envelope<unknown>> = envelope<unknown>(
      [{ field: 'nodeDomain', code: 'taken', message: 'The domain was taken meanwhile' }],
      {
        errCode: 4,
        msg: 'bad parameters',
      },
    );
    server.route('/v2/nodes', (request) =>
      request.method === 'POST'
        ? { body: answer }
        : { body: envelope({ skip: 0, limit: 100, totalItem: 0, dataList: [] }) },
    );
    openPage(server, '/node/creator', 'en_US');
    const user = policyUser();
    await user.type(await screen.findByLabelText('Node name'), 'FogStation');
    await user.type(screen.getByLabelText('Node domain'), 'fog-gallery');
    await user.click(screen.getByRole('button', { name: 'Create node' }));
    await expectFieldMessage('Node domain', 'The domain was taken meanwhile');

    answer = envelope(null, { errCode: 2, msg: 'You own 16 nodes already' });
    await user.type(screen.getByLabelText('Node domain'), 'x');
    await user.click(screen.getByRole('button', { name: 'Create node' }));
    await waitFor(() => expect(screen.getByTestId('form-error').textContent).toBe('You own 16 nodes already'));
    expect(requestsTo(server, 'POST', '/v2/nodes')).toHaveLength(2);
  });

  it('puts a name taken meanwhile, and a refused domain, on their fields', async () => {
    server = await startNodeServer([]);
    takenOnes({});
    let answer = envelope<unknown>(null, { errCode: 2, msg: '节点名称已被使用' });
    server.route('/v2/nodes', (request) => (request.method === 'POST' ? { body: answer } : { body: pageOfAll([]) }));
    openPage(server, '/node/creator');
    const user = policyUser();
    await user.type(await screen.findByLabelText(NAME), '雾中小站');
    await user.type(screen.getByLabelText(DOMAIN), 'fog-gallery');
    takenOnes({ nodeName: '雾中小站' });
    await user.click(screen.getByRole('button', { name: '创建节点' }));
    await expectFieldMessage(NAME, '这个节点名称已被使用');

    takenOnes({});
    answer = envelope<unknown>({ nodeDomain: 'fog-gallery' }, { errCode: 2, msg: '这个节点地址不能使用' });
    await user.clear(screen.getByLabelText(NAME));
    await user.paste('雾中二站');
    await user.click(screen.getByRole('button', { name: '创建节点' }));
    await expectFieldMessage(DOMAIN, '这个节点地址不能使用');
  });

  it('the node showcase campaign’s button leads here', async () => {
    server = await startNodeServer([]);
    takenOnes({});
    server.route('/v2/activities/find4Client', {
      body: envelope({
        _id: '6650a1c2e4b0f3d9a1b2c3d4',
        title: '节点展示季',
        cover: '',
        status: 4,
        persist: true,
        link: 'node-showcase',
        redirectUrl: '',
        startTime: '2026-01-01T00:00:00.000Z',
        limitTime: '2099-01-01T00:00:00.000Z',
      }),
    });
    openPage(server, '/activity/6650a1c2e4b0f3d9a1b2c3d4');
    const user = policyUser();
    await user.click(await screen.findByRole('link', { name: buttonName('创建节点') }));
    expect(await screen.findByRole('heading', { level: 1, name: '创建节点' })).toBeTruthy();
    expect(screen.getByLabelText(NAME)).toBeTruthy();
  });
});
