import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatPlatformDisplayDate, type Language } from '@tessera/domain';
import type { ContractWire } from '@tessera/contract/contracts';
import type { TestServer } from '../../../testing/test-server';
import { nth, openPage, requestsTo, signInAlice, startResourceServer } from '../../resources/testing';
import { contractWire, recordWire, routeContracts, signingRecord, type ContractCalls } from '../testing';

let server: TestServer;
afterEach(async () => {
  document.cookie = 'locale=; max-age=0; path=/';
  await server.close();
});

const DAY = 24 * 3_600_000;
const inPlatformTime = (at: number) => formatPlatformDisplayDate(new Date(at), 480);

async function openDrawer(calls: ContractCalls, contract: ContractWire, language: Language = 'zh_CN') {
  server = await startResourceServer();
  signInAlice(server);
  routeContracts(server, calls);
  const view = openPage(server, `/logged/contract?contractId=${contract.contractId}`, language);
  const drawer = await screen.findByTestId('contract-drawer', {}, { timeout: 10_000 });
  return { ...view, drawer };
}

const items = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the contract drawer', { timeout: 30_000 }, () => {
  it('zh_CN: state, parties, what happens next and when, the policy graph with the current state, the history', async () => {
    const contract = contractWire();
    const entered = Date.parse(contract.fsmStateEnterDate);
    const records = {
      [contract.contractId]: [
        signingRecord(contract, '签约，进入 initial'),
        recordWire(contract, { fromState: 'initial', toState: 'initial', createDate: contract.fsmStateEnterDate }),
      ],
    };
    const { router, drawer } = await openDrawer({ contracts: [contract], records }, contract);

    const title = drawer.closest('[role="dialog"]')?.querySelector('.ant-drawer-title');
    expect(title?.textContent).toBe('试用七天 已授权');
    expect(within(drawer).getByTestId('contract-current-state').textContent).toBe('initial');
    expect(drawer.textContent).toContain('时间均为平台时间（UTC+08:00）');
    expect(drawer.textContent).toContain(contract.contractId);

    const parties = within(drawer).getByTestId('contract-parties');
    expect(within(parties).getByRole('link', { name: 'bob/底图' }).getAttribute('href')).toBe(
      `/resource/details/${contract.subjectId}`,
    );
    expect(within(parties).getByRole('link', { name: 'alice/晨雾' }).getAttribute('href')).toBe(
      `/resource/details/${contract.licenseeId}`,
    );
    expect(parties.textContent).toContain('所有者 bob');
    expect(parties.textContent).toContain('所有者 alice');

    // The payment of the current state, then the end of the trial 7 days after entering it: in 3 days.
    expect(items('contract-next')).toEqual([
      '支付 10.00 代币 → paid',
      `${inPlatformTime(entered + 7 * DAY)} → expired · 3天后`,
    ]);

    const graph = await within(drawer).findByTestId('policy-state-graph', {}, { timeout: 10_000 });
    expect(within(graph).getByRole('img', { name: '策略状态图，当前状态：initial' })).toBeTruthy();
    const current = within(graph)
      .getAllByTestId('state-node')
      .filter((node) => node.dataset.current === 'true');
    expect(current.map((node) => node.dataset.state)).toEqual(['initial']);
    expect(
      within(graph)
        .getAllByTestId('state-edge')
        .map((edge) => `${edge.dataset.from}→${edge.dataset.to}`),
    ).toEqual(['initial→expired', 'initial→paid', 'expired→paid']);
    expect(graph.textContent).toContain('7 天后');
    expect(graph.textContent).toContain('支付 10.00');
    expect(within(drawer).getByTestId('policy-translation')).toBeTruthy();
    expect(within(drawer).getByTestId('contract-policy-code').textContent).toContain('RelativeTimeEvent("7","day")');

    // Oldest first, in the server's words (a record without them says where it went).
    await waitFor(() =>
      expect(items('contract-history')).toEqual([
        `${inPlatformTime(Date.parse(contract.createDate))} 签约，进入 initial`,
        `${inPlatformTime(entered)} initial → initial`,
      ]),
    );
    const history = nth(requestsTo(server, 'GET', `/v2/contracts/${contract.contractId}/transitionRecords`), 0);
    expect([history.query.get('isTranslate'), history.query.get('skip')]).toEqual(['1', '0']);
    expect(
      nth(requestsTo(server, 'GET', `/v2/contracts/${contract.contractId}`), 0).query.get('isLoadPolicyInfo'),
    ).toBe('1');

    await userEvent.setup().click(screen.getByRole('button', { name: '关闭合约详情' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('en_US: what happens next, the parties and the graph in English', async () => {
    const trial = contractWire();
    await openDrawer({ contracts: [trial] }, trial, 'en_US');
    const entered = Date.parse(trial.fsmStateEnterDate);
    expect(items('contract-next')).toEqual([
      'Pay 10.00 coins → paid',
      `On ${inPlatformTime(entered + 7 * DAY)} → expired · in 3 days`,
    ]);
    expect(screen.getByTestId('contract-parties').textContent).toContain('owned by bob');
    const graph = await screen.findByTestId('policy-state-graph', {}, { timeout: 10_000 });
    expect(within(graph).getByRole('img', { name: 'State graph of the policy; current state: initial' })).toBeTruthy();
    expect(graph.textContent).toContain('after 7 days');
    expect(screen.getByText('Parties')).toBeTruthy();
    expect((screen.getByTestId('contract-drawer').textContent ?? '').match(/contractsPage\.[\w.]+/g)).toBeNull();
  });

  it('a permanent licence: nothing more can happen; an ended contract accepts no events', async () => {
    const paid = contractWire({ fsmCurrentState: 'paid', fsmRunningStatus: 8 });
    const ended = contractWire({ status: 1, authStatus: 128, fsmCurrentState: 'expired', fsmRunningStatus: 8 });
    const { drawer, router } = await openDrawer({ contracts: [paid, ended] }, paid);
    expect(drawer.textContent).toContain('永久授权，合约不再变化');
    expect(within(drawer).getByTestId('contract-next-none').textContent).toBe('不会再发生任何事件。');

    await router.navigate(`/logged/contract?contractId=${ended.contractId}`);
    await waitFor(() => expect(screen.getByTestId('contract-current-state').textContent).toBe('expired'));
    expect(screen.getByTestId('contract-next-none').textContent).toBe('合约已终止或处于异常状态，不再接受任何事件。');
    expect(screen.getByTestId('contract-drawer').textContent).not.toContain('永久授权');
  });

  it('asks the history again in the new language, and shows it a page at a time', async () => {
    const contract = contractWire();
    const records = Array.from({ length: 60 }, (_, index) =>
      recordWire(contract, { translation: `记录 ${index + 1}` }),
    );
    const { services } = await openDrawer(
      { contracts: [contract], records: { [contract.contractId]: records } },
      contract,
    );
    await waitFor(() => expect(items('contract-history')).toHaveLength(50));
    await userEvent.setup().click(screen.getByText('显示更多记录').closest('button') as HTMLElement);
    await waitFor(() => expect(items('contract-history')).toHaveLength(60));
    expect(nth(items('contract-history'), 59)).toContain('记录 60');
    const path = `/v2/contracts/${contract.contractId}/transitionRecords`;
    expect(requestsTo(server, 'GET', path).map((request) => request.query.get('skip'))).toEqual(['0', '50']);

    // The server words the records in the caller's language (the locale cookie), so they are asked again.
    for (const [index, record] of records.entries()) record.translation = `Record ${index + 1}`;
    act(() => services.i18n.setLanguage('en_US'));
    await waitFor(() => expect(nth(items('contract-history'), 0)).toContain('Record 1'));
    expect(screen.getByText('History')).toBeTruthy();
    expect(requestsTo(server, 'GET', path)).toHaveLength(3);
  });

  it('says when the contract is not found (another user’s or none)', async () => {
    server = await startResourceServer();
    signInAlice(server);
    routeContracts(server, { contracts: [] });
    openPage(server, `/logged/contract?contractId=${'e'.repeat(24)}`);
    expect((await screen.findByTestId('contract-not-found')).textContent).toContain('找不到这份合约');
  });
});
