import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { envelope, type TestServer } from '../../testing/test-server';
import { policyUser, buttonName } from '../policy/testing';
import { openPage, requestsTo } from '../resources/testing';
import { EXHIBIT_ID, exhibitHolding, exhibitWire, nodeContract, servedTrees, startExhibitServer } from './testing';

let server: TestServer;
afterEach(async () => {
  await server.close();
  document.cookie = 'uid=; max-age=0; path=/';
});

const PAGE = `/node/exhibit/formal/${EXHIBIT_ID}`;
/** Opens the exhibit page and waits for its lazy chunk and the exhibit. */
async function openExhibit(language?: 'zh_CN' | 'en_US') {
  openPage(server, PAGE, language);
  await screen.findByTestId('exhibit-page', {}, { timeout: 20_000 });
}

const bodiesOf = (method: string, path: string) =>
  requestsTo(server, method, path).map((request) => JSON.parse(request.body) as Record<string, unknown>);

/** Disabling asks first; this answers yes. */
async function confirmDisabling(user: ReturnType<typeof policyUser>, name: string) {
  // antd renders the title twice (one copy for screen readers); either lies inside the dialog.
  const [title] = await screen.findAllByText(`停用策略“${name}”？`);
  const dialog = title?.closest('.ant-modal') as HTMLElement;
  await user.click(within(dialog).getByRole('button', { name: buttonName('停用') }));
}

describe('the exhibit page', { timeout: 60_000 }, () => {
  it('says in words why going online was refused and links the node contract to sign or pay', async () => {
    const unpaid = nodeContract({ contractName: '付费使用', isAuth: false, authStatus: 128 });
    server = await startExhibitServer(exhibitHolding([unpaid]), [unpaid]);
    server.route(`/v2/presentables/${EXHIBIT_ID}/onlineStatus`, {
      body: envelope(
        { referee: 2, authCode: 301, isAuth: false, defaulterIdentityType: 2, errorMsg: '节点合约未授权', data: null },
        { errCode: 2, msg: '节点合约未授权' },
      ),
    });
    await openExhibit();
    const user = policyUser();

    await user.click(await screen.findByRole('switch', { name: '展品“底图”上线' }));
    const refusal = await screen.findByTestId('online-refusal');
    expect(bodiesOf('PUT', `/v2/presentables/${EXHIBIT_ID}/onlineStatus`)).toEqual([{ onlineStatus: 1 }]);
    expect(refusal.textContent).toContain('节点的合约存在，但还没有一份处于授权状态');
    expect(refusal.textContent).toContain('节点合约未授权');
    expect(refusal.textContent).toContain('打开下面的合约签约或支付');
    const link = await within(refusal).findByRole('link', { name: '打开合约“付费使用”（bob/底图）' });
    expect(link.getAttribute('href')).toBe(`${PAGE}?contractId=${unpaid.contractId}`);
    expect(screen.getByRole('switch', { name: '展品“底图”上线' }).getAttribute('aria-checked')).toBe('false');
  });

  it('says the same in English, and asks for a policy when the exhibit has none enabled', async () => {
    server = await startExhibitServer(exhibitWire({ policies: [] }));
    server.route(`/v2/presentables/${EXHIBIT_ID}/onlineStatus`, {
      body: envelope(null, { errCode: 2, msg: 'An exhibit needs an enabled policy to go online' }),
    });
    await openExhibit('en_US');
    const user = policyUser();

    await user.click(await screen.findByRole('switch', { name: 'Exhibit “底图” online' }));
    const refusal = await screen.findByTestId('online-refusal');
    expect(refusal.textContent).toContain('The exhibit could not go online');
    expect(refusal.textContent).toContain('Add or enable at least one exhibit policy first');
    expect(screen.getByTestId('exhibit-policies-empty').textContent).toContain('No exhibit policy yet');
    expect(document.body.textContent).not.toMatch(/exhibitsWeb\./);
  });

  it('disables an enabled policy with one update and says so', async () => {
    server = await startExhibitServer();
    server.route(`/v2/presentables/${EXHIBIT_ID}`, (request) =>
      request.method === 'PUT' ? { body: envelope(exhibitWire()) } : { body: envelope(exhibitWire()) },
    );
    await openExhibit();
    const user = policyUser();

    await user.click(await screen.findByRole('button', { name: '停用策略“展品免费”' }));
    expect(bodiesOf('PUT', `/v2/presentables/${EXHIBIT_ID}`)).toEqual([]);
    await confirmDisabling(user, '展品免费');
    await screen.findByText('已停用策略“展品免费”');
    expect(bodiesOf('PUT', `/v2/presentables/${EXHIBIT_ID}`)).toEqual([
      { updatePolicies: [{ policyId: 'e'.repeat(32), status: 0 }] },
    ]);
  });

  it('shows why a policy change was refused', async () => {
    server = await startExhibitServer(exhibitWire({ onlineStatus: 1 }));
    server.route(`/v2/presentables/${EXHIBIT_ID}`, (request) =>
      request.method === 'PUT'
        ? { body: envelope(null, { errCode: 2, msg: '上线的展品至少要有一个启用的策略' }) }
        : { body: envelope(exhibitWire({ onlineStatus: 1 })) },
    );
    await openExhibit();
    const user = policyUser();

    await user.click(await screen.findByRole('button', { name: '停用策略“展品免费”' }));
    await confirmDisabling(user, '展品免费');
    expect((await screen.findByTestId('exhibit-policy-refusal')).textContent).toContain(
      '上线的展品至少要有一个启用的策略',
    );
  });

  it('hints at a newer version, switches to it, and ignores the hint', async () => {
    let exhibit = exhibitWire();
    server = await startExhibitServer(exhibit);
    server.route(`/v2/presentables/${EXHIBIT_ID}`, () => ({ body: envelope(exhibit) }));
    server.route(`/v2/presentables/${EXHIBIT_ID}/version`, { body: envelope(true) });
    server.route(`/v2/presentables/${EXHIBIT_ID}/ignorePresentableVersionUpdateTip`, () => {
      exhibit = { ...exhibit, ignoredUpdateVersion: '1.1.0' };
      return { body: envelope(true) };
    });
    await openExhibit();
    const user = policyUser();

    const hint = await screen.findByTestId('exhibit-update-hint');
    expect(hint.textContent).toContain('资源有新版本 1.1.0');
    expect(screen.getByTestId('exhibit-version').textContent).toBe('当前展出版本：1.0.0');

    await user.click(within(hint).getByRole('button', { name: '切换到 1.1.0' }));
    await screen.findByText('已切换到版本 1.1.0');
    expect(bodiesOf('PUT', `/v2/presentables/${EXHIBIT_ID}/version`)).toEqual([{ version: '1.1.0' }]);

    await user.click(
      within(screen.getByTestId('exhibit-update-hint')).getByRole('button', { name: buttonName('忽略') }),
    );
    await waitFor(() => expect(screen.queryByTestId('exhibit-update-hint')).toBeNull());
    expect(bodiesOf('POST', `/v2/presentables/${EXHIBIT_ID}/ignorePresentableVersionUpdateTip`)).toEqual([
      { ignoreVersion: '1.1.0' },
    ]);
  });

  it('checks each rewrite property field before saving and shows the server’s word on the field it names', async () => {
    server = await startExhibitServer();
    let answer: ReturnType<typeof envelope<unknown>> = envelope(
      [{ field: 'rewriteProperty.0.key', message: '这个键是资源的只读属性' }],
      {
        errCode: 4,
        msg: '参数错误',
      },
    );
    server.route(`/v2/presentables/${EXHIBIT_ID}/rewriteProperty`, () => ({ body: answer }));
    await openExhibit();
    const user = policyUser();

    expect((await screen.findByTestId('rewrite-empty')).textContent).toBe('还没有展品属性');
    await user.click(screen.getByRole('button', { name: '添加属性' }));
    await user.type(screen.getByRole('textbox', { name: '第 1 行的键' }), '1st');
    await user.click(screen.getByRole('textbox', { name: '第 1 行的值' }));
    await user.paste('长'.repeat(141));
    await user.click(screen.getByRole('textbox', { name: '第 1 行的说明' }));
    await user.paste('注'.repeat(51));
    await user.click(screen.getByRole('button', { name: '保存属性' }));

    expect(await screen.findByText('请先改正标出的属性')).toBeTruthy();
    const key = screen.getByRole('textbox', { name: '第 1 行的键' });
    expect(key.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(key.getAttribute('aria-describedby') ?? '')?.textContent).toContain('键以字母开头');
    expect(screen.getByText('值最多 140 个字符')).toBeTruthy();
    expect(screen.getByText('说明最多 50 个字符')).toBeTruthy();
    expect(requestsTo(server, 'PUT', `/v2/presentables/${EXHIBIT_ID}/rewriteProperty`)).toHaveLength(0);

    await user.clear(key);
    await user.type(key, 'author');
    await user.clear(screen.getByRole('textbox', { name: '第 1 行的值' }));
    await user.type(screen.getByRole('textbox', { name: '第 1 行的值' }), 'alice');
    await user.clear(screen.getByRole('textbox', { name: '第 1 行的说明' }));
    await user.click(screen.getByRole('button', { name: '保存属性' }));
    expect(await screen.findByText('这个键是资源的只读属性')).toBeTruthy();
    expect(bodiesOf('PUT', `/v2/presentables/${EXHIBIT_ID}/rewriteProperty`)).toEqual([
      { rewriteProperty: [{ key: 'author', value: 'alice', remark: '' }] },
    ]);

    answer = envelope(true);
    await user.click(screen.getByRole('button', { name: '保存属性' }));
    expect(await screen.findByText('属性已保存')).toBeTruthy();
  });

  it('lists the dependency tree and the node contracts with their drawer links', async () => {
    const paid = nodeContract({ contractName: '付费使用' });
    server = await startExhibitServer({ ...exhibitHolding([paid]), authStatus: 4 | 8 }, [paid]);
    await openExhibit();

    const summary = await screen.findByTestId('exhibit-auth-summary');
    expect(summary.textContent).toContain('节点合约：已授权');
    expect(summary.textContent).toContain('上游：已授权');
    expect((await screen.findAllByTestId('exhibit-tree-item'))[0]?.textContent).toContain('bob/底图');
    const row = await screen.findByTestId('contract-row');
    expect(
      within(row)
        .getByRole('link', { name: /付费使用/ })
        .getAttribute('href'),
    ).toBe(`${PAGE}?contractId=${paid.contractId}`);
    expect(requestsTo(server, 'GET', '/v2/contracts/list')[0]?.query.get('contractIds')).toBe(paid.contractId);
  });

  it('reads the server’s trees: the node’s licence on what it resolves, the upstream’s below', async () => {
    const paid = nodeContract({ contractName: '付费使用', isAuth: true, authStatus: 1 });
    const exhibit = { ...exhibitHolding([paid]), authStatus: 4 | 8 };
    server = await startExhibitServer(exhibit, [paid]);
    const trees = servedTrees(exhibit, 'c'.repeat(24));
    server.route(`/v2/presentables/${EXHIBIT_ID}/dependencyTree`, { body: envelope(trees.dependencyTree) });
    server.route(`/v2/presentables/${EXHIBIT_ID}/authTree`, { body: envelope(trees.authTree) });
    await openExhibit();

    const [root, texture] = await screen.findAllByTestId('exhibit-tree-item');
    await waitFor(() => expect(root?.textContent).toContain('节点已获授权'));
    expect(root?.textContent).not.toContain('第');
    expect(
      within(root as HTMLElement)
        .getByRole('link', { name: `合约 …${paid.contractId.slice(-6)}` })
        .getAttribute('href'),
    ).toBe(`${PAGE}?contractId=${paid.contractId}`);
    expect(texture?.textContent).toContain('第 1 层');
    expect(texture?.textContent).toContain('bob/纹理');
    expect(texture?.textContent).toContain('由上游资源获得授权');
    expect(texture?.textContent).not.toContain('节点');
    expect(within(texture as HTMLElement).queryByRole('link')).toBeNull();
  });

  it('says when the exhibit is not one of the signed-in user’s', async () => {
    server = await startExhibitServer(exhibitWire({ userId: 10009 }));
    openPage(server, PAGE);
    expect((await screen.findByTestId('exhibit-not-yours', {}, { timeout: 20_000 })).textContent).toContain(
      '这个展品不在你的节点里',
    );
  });
});
