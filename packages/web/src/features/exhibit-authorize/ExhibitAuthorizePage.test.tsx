import { afterEach, describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routes } from '@tessera/domain';
import type { ContractWire } from '@tessera/contract/contracts';
import type { PresentableWire } from '@tessera/contract/exhibits';
import { envelope, gate, type RecordedRequest, type TestServer } from '../../testing/test-server';
import { contractWire } from '../contracts/testing';
import { exhibitWire, NODE_ID, nodeWire, PAGE_WAIT_MS, pageOfAll, requestsTo, startNodeServer } from '../nodes/testing';
import { ALICE, FREE_POLICY_TEXT, openPage } from '../resources/testing';
import { accountWire, routeWallet, signInInfoWire } from '../wallet/testing';

// The first page of a file waits for its lazy chunk to be compiled, which is slow on a busy machine.
configure({ asyncUtilTimeout: PAGE_WAIT_MS });

const SITE = 'http://alice-art.localhost:8080';
const PAID_POLICY_TEXT = `for public
initial:
  ~freelog.TransactionEvent("10","self.account") => paid
paid[active]:
  terminate`;

const FREE = { policyId: 'f'.repeat(32), policyName: '免费看', status: 1, isFree: 1, policyText: FREE_POLICY_TEXT };
const PAID = { policyId: 'p'.repeat(32), policyName: '付费看', status: 1, isFree: 0, policyText: PAID_POLICY_TEXT };

let server: TestServer;
/** The contracts the scenario's server holds, in the order signed (a test may change them). */
let scenarioContracts: ContractWire[] = [];
afterEach(async () => {
  document.cookie = 'uid=; max-age=0; path=/';
  await server.close();
});

interface Scenario {
  exhibit?: Partial<PresentableWire>;
  signedIn?: boolean;
}

/** A node with one online exhibit; signing adds a contract, and the visitor is authorised once one is active. */
async function startAuthorizeServer({ exhibit: overrides = {}, signedIn = true }: Scenario = {}) {
  server = await startNodeServer([nodeWire()]);
  if (!signedIn) {
    document.cookie = 'uid=; max-age=0; path=/';
    server.route('/v2/users/current', { body: envelope(null, { ret: 0, errCode: 30, msg: 'not signed in' }) });
  }
  const exhibit = exhibitWire({ onlineStatus: 1, policies: [FREE, PAID], ...overrides });
  const contracts: ContractWire[] = [];
  server.route(`/v2/presentables/${exhibit.presentableId}`, { body: envelope(exhibit) });
  server.route('/v2/contracts', (request: RecordedRequest) => {
    if (request.method === 'GET') return { body: pageOfAll(contracts) };
    const body = JSON.parse(request.body) as { policyId: string };
    const policy = [FREE, PAID].find((candidate) => candidate.policyId === body.policyId) ?? FREE;
    const contract = userContract(exhibit, policy);
    contracts.push(contract);
    return { body: envelope(contract) };
  });
  server.route(`/v2/auths/exhibits/${NODE_ID}/${exhibit.presentableId}/result`, () => {
    const isAuth = contracts.some((contract) => contract.authStatus === 1);
    return {
      body: envelope({
        exhibitId: exhibit.presentableId,
        exhibitName: exhibit.presentableName,
        referee: 2,
        authCode: isAuth ? 200 : 303,
        isAuth,
        defaulterIdentityType: isAuth ? 0 : 4,
        errorMsg: isAuth ? '' : '还没有合约',
        data: null,
      }),
    };
  });
  scenarioContracts = contracts;
  return exhibit;
}

function userContract(exhibit: PresentableWire, policy: typeof FREE): ContractWire {
  const free = policy.isFree === 1;
  return contractWire({
    contractName: policy.policyName,
    subjectId: exhibit.presentableId,
    subjectName: exhibit.presentableName,
    subjectType: 2,
    licensorId: String(NODE_ID),
    licenseeId: String(ALICE),
    licenseeName: 'alice',
    licenseeOwnerId: ALICE,
    licenseeIdentityType: 3,
    policyId: policy.policyId,
    authStatus: free ? 1 : 128,
    isAuth: free,
    fsmCurrentState: 'initial',
    fsmCurrentStateColors: free ? ['active'] : [],
    fsmStateEnterDate: new Date().toISOString(),
    policyInfo: {
      policyId: policy.policyId,
      policyText: policy.policyText,
      subjectType: 2,
    },
  });
}

const pagePath = (exhibitId: string, returnUrl?: string) =>
  routes.exhibitAuthorize({ nodeId: NODE_ID, exhibitId, returnUrl });

const policyItem = async (name: string) =>
  (await screen.findAllByTestId('authorize-policy')).find((item) => item.textContent?.includes(name)) as HTMLElement;

describe('the exhibit authorize page', { timeout: 60_000 }, () => {
  it('asks a visitor who is not signed in to sign in, coming back here', async () => {
    const exhibit = await startAuthorizeServer({ signedIn: false });
    const path = pagePath(exhibit.presentableId, `${SITE}/exhibits/1`);
    openPage(server, path);
    const prompt = await screen.findByTestId('authorize-sign-in');
    const link = within(prompt).getByRole('link', { name: '登录' });
    expect(link.getAttribute('href')).toBe(`/login?goTo=${encodeURIComponent(path)}`);
    expect(screen.queryByTestId('authorize-policy')).toBeNull();
    expect(requestsTo(server, 'POST', '/v2/contracts')).toEqual([]);
  });

  it('signs a free policy, then offers the way back to the site named by returnUrl', async () => {
    const exhibit = await startAuthorizeServer();
    openPage(server, pagePath(exhibit.presentableId, `${SITE}/exhibits/1?x=1`));
    expect((await screen.findByTestId('authorize-pending')).textContent).toContain('还没有合约');
    const free = await policyItem('免费看');
    expect(within(free).getByTestId('policy-translation')).toBeTruthy();
    fireEvent.click(within(free).getByRole('button', { name: '签约 免费看' }));

    const success = await screen.findByTestId('authorize-success');
    expect(success.textContent).toContain('已获得授权');
    expect(within(success).getByRole('link', { name: '回到站点' }).getAttribute('href')).toBe(`${SITE}/exhibits/1?x=1`);
    const [signed] = requestsTo(server, 'POST', '/v2/contracts');
    expect(JSON.parse(signed?.body ?? '{}')).toEqual({
      subjectId: exhibit.presentableId,
      subjectType: 2,
      policyId: FREE.policyId,
      licenseeId: ALICE,
      licenseeIdentityType: 3,
    });
    const listed = requestsTo(server, 'GET', '/v2/contracts')[0]?.query;
    expect(listed?.get('subjectIds')).toBe(exhibit.presentableId);
    expect(listed?.get('subjectType')).toBe('2');
    expect(listed?.get('licenseeIdentityType')).toBe('3');
  });

  it('ignores a returnUrl on another host: the way back is the node site', async () => {
    const exhibit = await startAuthorizeServer();
    openPage(server, pagePath(exhibit.presentableId, 'http://evil.example/steal'), 'en_US');
    fireEvent.click(within(await policyItem('免费看')).getByRole('button', { name: 'Sign 免费看' }));
    const success = await screen.findByTestId('authorize-success');
    expect(within(success).getByRole('link', { name: 'Back to the site' }).getAttribute('href')).toBe(SITE);
  });

  it('signs a paid policy and opens the pay dialog from the new contract', async () => {
    const exhibit = await startAuthorizeServer();
    openPage(server, pagePath(exhibit.presentableId));
    fireEvent.click(within(await policyItem('付费看')).getByRole('button', { name: '签约 付费看' }));
    const contract = await screen.findByTestId('authorize-contract');
    expect(contract.textContent).toContain('付费看');
    fireEvent.click(await within(contract).findByTestId('contract-pay'));
    expect(await screen.findByRole('dialog', { name: '支付合约' })).toBeTruthy();
    expect(screen.queryByTestId('authorize-success')).toBeNull();
  });

  it('once the contract is paid, says the visitor is authorised and offers the way back', async () => {
    const exhibit = await startAuthorizeServer();
    const contracts = scenarioContracts;
    routeWallet(server, { account: accountWire(), signInInfo: signInInfoWire() });
    openPage(server, pagePath(exhibit.presentableId, `${SITE}/exhibits/1`));
    const user = userEvent.setup({ delay: null });
    await user.click(within(await policyItem('付费看')).getByRole('button', { name: '签约 付费看' }));
    const contract = await screen.findByTestId('authorize-contract');
    server.route(`/v2/contracts/${contracts[0]?.contractId ?? ''}/events/payment`, () => {
      const paid = { ...(contracts[0] as ContractWire), fsmCurrentState: 'paid', authStatus: 1 };
      contracts.splice(0, 1, paid);
      return {
        body: envelope({
          transactionRecordId: '6650e0c2e4b0f3d9000000b1',
          status: 2,
          contractId: paid.contractId,
          fsmCurrentState: 'paid',
          authStatus: 1,
        }),
      };
    });
    await user.click(await within(contract).findByTestId('contract-pay'));
    const dialog = await screen.findByTestId('pay-dialog');
    // The pay button waits for the account; the field takes the focus as the dialog opens.
    await waitFor(() => expect(within(dialog).getByTestId('pay-balance').textContent).toBe('1,000.00 币'));
    const password = within(dialog).getByLabelText('支付密码');
    await waitFor(() => expect(document.activeElement).toBe(password));
    await user.type(password, '123456{Enter}');
    const success = await screen.findByTestId('authorize-success');
    expect(within(success).getByRole('link', { name: '回到站点' }).getAttribute('href')).toBe(`${SITE}/exhibits/1`);
    // The dialog went with the contracts: the focus lands on the news, not on the page's end.
    await waitFor(() => expect(document.activeElement).toBe(within(success).getByRole('heading')));
    expect(requestsTo(server, 'POST', `/v2/contracts/${contracts[0]?.contractId ?? ''}/events/payment`)).toHaveLength(
      1,
    );
  });

  it('says in words why signing was refused', async () => {
    const exhibit = await startAuthorizeServer();
    server.route('/v2/contracts', (request: RecordedRequest) =>
      request.method === 'GET'
        ? { body: pageOfAll([]) }
        : { body: envelope(null, { ret: 0, errCode: 2, msg: '策略已停用' }) },
    );
    openPage(server, pagePath(exhibit.presentableId));
    fireEvent.click(within(await policyItem('免费看')).getByRole('button', { name: '签约 免费看' }));
    const feedback = await screen.findByTestId('authorize-feedback');
    expect(feedback.getAttribute('role')).toBe('alert');
    expect(feedback.textContent).toContain('签约失败：策略已停用');
  });

  it('says when the exhibit is offline, with nothing to sign', async () => {
    const exhibit = await startAuthorizeServer({ exhibit: { onlineStatus: 0 } });
    openPage(server, pagePath(exhibit.presentableId));
    expect((await screen.findByTestId('authorize-offline')).textContent).toContain('已下架');
    expect(screen.queryByTestId('authorize-policy')).toBeNull();
  });

  it('says when the node is frozen', async () => {
    const exhibit = await startAuthorizeServer();
    server.route(`/v2/nodes/${NODE_ID}`, { body: envelope(nodeWire({ status: 6 })) });
    openPage(server, pagePath(exhibit.presentableId));
    expect(await screen.findByTestId('authorize-node-frozen')).toBeTruthy();
  });

  it('says when the node is paused', async () => {
    const exhibit = await startAuthorizeServer();
    server.route(`/v2/nodes/${NODE_ID}`, { body: envelope(nodeWire({ visibility: 8 })) });
    openPage(server, pagePath(exhibit.presentableId), 'en_US');
    expect((await screen.findByTestId('authorize-node-paused')).textContent).toContain('This node is paused');
  });

  it('says when there is no such exhibit', async () => {
    const exhibit = await startAuthorizeServer();
    server.route(`/v2/presentables/${exhibit.presentableId}`, { body: envelope(null, { errCode: 2, msg: 'gone' }) });
    openPage(server, pagePath(exhibit.presentableId));
    expect((await screen.findByTestId('authorize-not-found')).textContent).toContain('没有这个展品');
  });

  it('says when the exhibit cannot be read, with a retry', async () => {
    const exhibit = await startAuthorizeServer();
    server.route(`/v2/presentables/${exhibit.presentableId}`, { status: 500, body: 'down' });
    openPage(server, pagePath(exhibit.presentableId));
    const error = await screen.findByTestId('authorize-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(within(error).getByRole('button', { name: /重\s?试/u })).toBeTruthy();
  });

  it('says it is loading until the exhibit comes, and shows no raw text keys', async () => {
    const exhibit = await startAuthorizeServer();
    const held = gate();
    server.route(`/v2/presentables/${exhibit.presentableId}`, { body: envelope(exhibit), after: held.promise });
    openPage(server, pagePath(exhibit.presentableId));
    expect((await screen.findByTestId('authorize-loading')).getAttribute('role')).toBe('status');
    held.open();
    expect(await screen.findByTestId('authorize-pending')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/exhibitAuthorize\./u);
  });

  it('says when the address names no exhibit', async () => {
    server = await startNodeServer([nodeWire()]);
    openPage(server, `/exhibit/authorize?nodeId=${NODE_ID}&exhibitId=..%2F..`);
    expect(await screen.findByTestId('authorize-bad-address')).toBeTruthy();
  });
});
