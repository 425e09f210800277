import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, type TestServer } from '../../testing/test-server';
import { openPage, pageOf, signInAlice, startResourceServer } from '../resources/testing';
import { accountWire, ALICE_ACCOUNT, routeWallet, signInInfoWire, statementLine } from './testing';

let server: TestServer;
afterEach(async () => {
  document.cookie = 'locale=; max-age=0; path=/';
  await server.close();
});

const STATEMENT = `/v2/transactions/details/${ALICE_ACCOUNT}`;
const payment = statementLine({
  serialNo: '2',
  transactionRecordId: '6650e0c2e4b0f3d9000000a2',
  transactionAmount: '-10.00',
  transactionType: 2,
  reciprocalAccountName: 'bob',
  reciprocalAccountType: 1,
  digest: '合约支付',
  attachInfo: { contractId: '6650c0c2e4b0f3d900000001', contractName: '试用七天' },
  beforeBalance: '1000.00',
  afterBalance: '990.00',
  createDate: '2026-03-03T02:00:00.000Z',
});
const lines = [payment, ...Array.from({ length: 11 }, (_, index) => statementLine({ serialNo: String(100 + index) }))];

async function openStatement(language: 'zh_CN' | 'en_US' = 'zh_CN') {
  server = await startResourceServer();
  signInAlice(server);
  routeWallet(server, { account: accountWire(), signInInfo: signInInfoWire(), lines });
  openPage(server, '/logged/wallet', language);
  const section = await screen.findByTestId('wallet-statement', {}, { timeout: 10_000 });
  await within(section).findAllByTestId('statement-line', {}, { timeout: 10_000 });
  return section;
}

const statementCalls = () => server.requests.filter((request) => request.path === STATEMENT);
const lastQuery = () => statementCalls().at(-1)?.query;

describe('the statement', { timeout: 60_000 }, () => {
  it('zh_CN: lines with signed amounts, paging, filters sent as the statement call asks them, and a record', async () => {
    const section = await openStatement();
    const rows = within(section).getAllByTestId('statement-line');
    expect(rows).toHaveLength(10);
    expect(rows[0]?.textContent).toContain('试用七天');
    expect(rows[0]?.textContent).toContain('bob');
    expect(rows[0]?.textContent).toContain('合约支付');
    expect(within(rows[0] as HTMLElement).getByTestId('statement-amount').textContent).toBe('-10.00');
    expect(within(rows[1] as HTMLElement).getByTestId('statement-amount').textContent).toBe('+100.00');
    expect(rows[1]?.textContent).toContain('平台');
    expect(section.textContent).toContain('共 12 条');
    const user = userEvent.setup({ delay: null });

    await user.click(within(section).getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(within(section).getAllByTestId('statement-line')).toHaveLength(2));
    expect(lastQuery()?.get('skip')).toBe('10');

    const filters = within(section).getByRole('search', { name: '筛选账单' });
    await user.type(within(filters).getByLabelText('最小金额'), '1.234');
    await user.click(within(filters).getByRole('button', { name: /筛\s?选/ }));
    expect(await within(filters).findByText('金额最多两位小数，支出为负数')).toBeTruthy();
    await user.clear(within(filters).getByLabelText('最小金额'));
    await user.type(within(filters).getByLabelText('最小金额'), '-50');
    await user.type(within(filters).getByLabelText('起始日期'), '2026-03-01');
    await user.type(within(filters).getByLabelText('关键词'), '试用');
    server.route(STATEMENT, (request) => pageOf(request.query.get('keywords') === '试用' ? [payment] : lines, request));
    await user.click(within(filters).getByRole('button', { name: /筛\s?选/ }));
    await waitFor(() => expect(within(section).getAllByTestId('statement-line')).toHaveLength(1));
    expect(Object.fromEntries(lastQuery() ?? [])).toEqual({
      startCreatedDate: '2026-03-01',
      amountStartPoint: '-50',
      keywords: '试用',
      skip: '0',
      limit: '10',
    });

    server.route(`/v2/transactions/records/${payment.transactionRecordId}`, {
      body: envelope({
        ...payment,
        recordId: payment.transactionRecordId,
        operatorId: 10001,
        operatorName: 'alice',
        authorizationType: 'password',
      }),
    });
    await user.click(within(section).getByRole('button', { name: `${'2026/03/03 10:00'} 的交易详情` }));
    const details = await screen.findByTestId('record-details');
    expect(details.textContent).toContain('1,000.00 → 990.00');
    await waitFor(() => expect(details.textContent).toContain('支付密码'));

    server.route(STATEMENT, (request) => pageOf([], request));
    // The dialog's × and its footer button both say 关闭.
    await user.click(screen.getAllByRole('button', { name: '关闭' })[0] as HTMLElement);
    await user.type(within(filters).getByLabelText('关键词'), '无此');
    await user.click(within(filters).getByRole('button', { name: /筛\s?选/ }));
    expect((await within(section).findByTestId('statement-empty')).textContent).toContain('没有符合筛选条件的记录');
  });

  it('en_US: an empty statement says so', async () => {
    server = await startResourceServer();
    signInAlice(server);
    routeWallet(server, { account: accountWire(), signInInfo: signInInfoWire(), lines: [] });
    openPage(server, '/logged/wallet', 'en_US');
    expect((await screen.findByTestId('statement-empty', {}, { timeout: 10_000 })).textContent).toContain(
      'No income or spending yet',
    );
  });
});
