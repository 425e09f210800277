import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, type TestServer } from '../../testing/test-server';
import { nth, openPage, pageOf, requestsTo, signInAlice, startResourceServer } from '../resources/testing';
import { BOB, contractWire, grantedContract, routeContracts, type ContractCalls } from './testing';

let server: TestServer;
afterEach(async () => {
  await server.close();
});

async function start(calls: ContractCalls) {
  server = await startResourceServer();
  signInAlice(server);
  routeContracts(server, calls);
}

const listQueries = () => requestsTo(server, 'GET', '/v2/contracts').map((request) => request.query);
const lastListQuery = () => nth(listQueries(), listQueries().length - 1);
const rows = () => screen.queryAllByTestId('contract-row');
const rowNames = () => rows().map((row) => row.querySelector('a')?.textContent);
// Role queries over the whole antd table are slow in jsdom; buttons are found by their text (antd
// spaces out two Chinese characters).
const buttonNamed = (text: RegExp) =>
  screen.getByText(text, { selector: 'button, button *' }).closest('button') as HTMLElement;
/** Translation keys of this page that show instead of their text. */
const rawKeys = (text: string | null) => (text ?? '').match(/\bcontractsPage\.[A-Za-z.]+/g) ?? [];

/** alice holds 25 contracts on bob's resources (every 5th ended, every 3rd not yet paid) and grants one. */
function aliceContracts() {
  const held = Array.from({ length: 25 }, (_, index) =>
    contractWire({
      contractName: `策略${String(index + 1).padStart(2, '0')}`,
      subjectName: index === 0 ? 'bob/字体' : 'bob/底图',
      ...(index % 5 === 4 ? { status: 1, authStatus: 128 } : index % 3 === 2 ? { authStatus: 128 } : {}),
    }),
  );
  const granted = grantedContract({ contractName: '授出的合约' });
  return [...held, granted];
}

describe('my contracts', { timeout: 30_000 }, () => {
  it('sends a visitor to the login page', async () => {
    server = await startResourceServer();
    routeContracts(server, { contracts: [] });
    const { router } = openPage(server, '/logged/contract');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('zh_CN: lists the contracts held, filters them by group and words, pages them and switches to those granted', async () => {
    const contracts = aliceContracts();
    await start({ contracts });
    const { router } = openPage(server, '/logged/contract');
    const user = userEvent.setup();

    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(screen.getByRole('heading', { level: 1, name: '我的合约' })).toBeTruthy();
    expect([...lastListQuery().entries()]).toEqual([
      ['identityType', '2'],
      ['skip', '0'],
      ['limit', '20'],
      ['order', 'desc'],
    ]);
    const first = nth(rows(), 0);
    expect(within(first).getByRole('link', { name: '查看合约 策略01 的详情' }).getAttribute('href')).toBe(
      `/logged/contract?contractId=${nth(contracts, 0).contractId}`,
    );
    expect(within(first).getByRole('link', { name: 'bob/字体' }).getAttribute('href')).toBe(
      `/resource/details/${nth(contracts, 0).subjectId}`,
    );
    expect(first.textContent).toContain('所有者 bob');
    expect(within(first).getByTestId('contract-state').textContent).toBe('已授权');
    expect(within(nth(rows(), 2)).getByTestId('contract-state').textContent).toBe('未授权');
    expect(within(nth(rows(), 4)).getByTestId('contract-state').textContent).toBe('已终止');
    expect(screen.getByText('共 25 份合约')).toBeTruthy();

    // The second page.
    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(rowNames()).toEqual(['策略21', '策略22', '策略23', '策略24', '策略25']));
    expect(lastListQuery().get('skip')).toBe('20');
    expect(router.state.location.search).toBe('?page=2');

    // A group: back to the first page, in the address, as displayStatus.
    await user.click(screen.getByRole('button', { name: '待授权' }));
    await waitFor(() =>
      expect(rowNames()).toEqual(['策略03', '策略06', '策略09', '策略12', '策略18', '策略21', '策略24']),
    );
    expect(screen.getByRole('button', { name: '待授权' }).getAttribute('aria-pressed')).toBe('true');
    expect([lastListQuery().get('displayStatus'), lastListQuery().get('skip')]).toEqual(['0', '0']);
    expect(router.state.location.search).toBe('?status=0');

    // Words, with the group kept.
    await user.type(screen.getByRole('searchbox', { name: '搜索合约' }), '策略2{Enter}');
    await waitFor(() => expect(rowNames()).toEqual(['策略21', '策略24']));
    expect([lastListQuery().get('keywords'), lastListQuery().get('displayStatus')]).toEqual(['策略2', '0']);
    expect(router.state.location.search).toBe('?status=0&keywords=%E7%AD%96%E7%95%A52');

    await user.click(screen.getByRole('button', { name: '已停止' }));
    await waitFor(() => expect(rowNames()).toEqual(['策略20', '策略25']));

    // Nothing matches: the filters say so.
    const search = () => screen.getByRole('searchbox', { name: '搜索合约' });
    await user.clear(search());
    await user.type(search(), '没有这份{Enter}');
    expect((await screen.findByTestId('contracts-empty')).textContent).toContain('没有符合条件的合约');

    // The other side, unfiltered: what alice grants, with the licensee shown.
    await user.click(screen.getByRole('button', { name: '全部' }));
    await user.clear(search());
    await user.type(search(), '{Enter}');
    await user.click(screen.getByRole('tab', { name: '我授出的授权' }));
    await waitFor(() => expect(rowNames()).toEqual(['授出的合约']));
    expect(lastListQuery().get('identityType')).toBe('1');
    expect(router.state.location.search).toBe('?identity=licensor');
    expect(screen.getByRole('columnheader', { name: '被授权方' })).toBeTruthy();
    expect(nth(rows(), 0).textContent).toContain('carol/海报');
    expect(rawKeys(document.body.textContent)).toEqual([]);
  });

  it('en_US: the page, the groups and the empty state of each side in English', async () => {
    await start({ contracts: [] });
    openPage(server, '/logged/contract', 'en_US');
    const empty = await screen.findByTestId('contracts-empty');
    expect(empty.textContent).toContain('You hold no licences yet');
    expect(screen.getByRole('heading', { level: 1, name: 'My contracts' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'As licensee' }).getAttribute('aria-selected')).toBe('true');
    for (const name of ['All', 'Pending', 'Authorized', 'Stopped'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'As licensor' }));
    await waitFor(() =>
      expect(screen.getByTestId('contracts-empty').textContent).toContain('Nobody holds a licence from you yet'),
    );
    expect(rawKeys(document.body.textContent)).toEqual([]);
  });

  it('says why the list failed and asks again', async () => {
    await start({ contracts: [contractWire()] });
    let fail = true;
    server.route('/v2/contracts', (request) =>
      fail
        ? { status: 500, body: envelope(null, { ret: 1, errCode: 1, msg: 'boom' }) }
        : pageOf([contractWire({ contractName: '回来了', licensorOwnerId: BOB })], request),
    );
    openPage(server, '/logged/contract');
    const error = await screen.findByTestId('contracts-error', {}, { timeout: 10_000 });
    expect(error.textContent).toContain('合约加载失败');
    fail = false;
    await userEvent.setup().click(buttonNamed(/^重\s*试$/));
    await waitFor(() => expect(rowNames()).toEqual(['回来了']));
  });
});
