import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TestServer } from '../../testing/test-server';
import { envelope } from '../../testing/test-server';
import { RESOURCE_ID, startEditorServer } from '../resource-editor/testing';
import { openPage, requestsTo } from '../resources/testing';
import { BOB, contractWire, grantedContract, routeContracts } from './testing';

let server: TestServer;
afterEach(async () => {
  await server.close();
});

const DEPENDENCY = '6650a1c2e4b0f3d9000b0001';
const section = (side: 'licensee' | 'licensor') => screen.getByTestId(`resource-contracts-${side}`);
const rowsIn = (side: 'licensee' | 'licensor') => within(section(side)).queryAllByTestId('contract-row');

describe('the owner’s editor contract tab', { timeout: 30_000 }, () => {
  it('lists the contracts the resource holds on its dependencies (with the versions using them) and those others hold on it', async () => {
    ({ server } = await startEditorServer());
    const held = contractWire({ licenseeId: RESOURCE_ID, contractName: '试用七天' });
    const old = contractWire({ licenseeId: RESOURCE_ID, contractName: '旧合约', status: 1, authStatus: 128 });
    const granted = grantedContract({ contractName: '免费使用' });
    const elsewhere = contractWire({ licenseeId: '6650a1c2e4b0f3d9000a0009', licensorOwnerId: BOB });
    routeContracts(server, { contracts: [held, old, granted, elsewhere] });
    server.route(`/v2/resources/${RESOURCE_ID}/resolveResources`, {
      body: envelope([
        {
          resourceId: DEPENDENCY,
          resourceName: 'bob/底图',
          versions: [
            { version: '1.0.0', versionId: 'v1', contracts: [{ policyId: held.policyId, contractId: old.contractId }] },
            {
              version: '1.1.0',
              versionId: 'v2',
              contracts: [{ policyId: held.policyId, contractId: held.contractId }],
            },
          ],
        },
      ]),
    });
    const { router } = openPage(server, `/resource/sidebar/contract/${RESOURCE_ID}`);

    expect(await screen.findByRole('heading', { level: 2, name: '授权合约' })).toBeTruthy();
    await waitFor(() => expect(rowsIn('licensee')).toHaveLength(2));
    // The versions column comes with the versions' contracts.
    await waitFor(() =>
      expect(within(section('licensee')).getByRole('columnheader', { name: '使用它的版本' })).toBeTruthy(),
    );
    const [heldRow, oldRow] = rowsIn('licensee');
    expect(heldRow?.textContent).toContain('1.1.0');
    expect(within(heldRow as HTMLElement).getByTestId('contract-state').textContent).toBe('已授权');
    expect(oldRow?.textContent).toContain('1.0.0');
    expect(within(oldRow as HTMLElement).getByTestId('contract-state').textContent).toBe('已终止');
    await waitFor(() => expect(rowsIn('licensor')).toHaveLength(1));
    expect(rowsIn('licensor')[0]?.textContent).toContain('carol/海报');

    const queries = requestsTo(server, 'GET', '/v2/contracts').map((request) => Object.fromEntries(request.query));
    expect(queries).toContainEqual({ identityType: '2', licenseeId: RESOURCE_ID, skip: '0', limit: '10' });
    expect(queries).toContainEqual({ identityType: '1', licensorId: RESOURCE_ID, skip: '0', limit: '10' });

    // A contract's name opens its drawer, linked in the address.
    await userEvent.setup().click(within(section('licensor')).getByRole('link', { name: '查看合约 免费使用 的详情' }));
    expect(router.state.location.search).toBe(`?contractId=${granted.contractId}`);
    const drawer = await screen.findByTestId('contract-drawer', {}, { timeout: 10_000 });
    expect(within(drawer).getByTestId('contract-parties').textContent).toContain('carol/海报');
  });

  it('says when the resource holds no contract and nobody holds one on it', async () => {
    ({ server } = await startEditorServer());
    routeContracts(server, { contracts: [] });
    server.route(`/v2/resources/${RESOURCE_ID}/resolveResources`, { body: envelope([]) });
    openPage(server, `/resource/sidebar/contract/${RESOURCE_ID}`, 'en_US');
    expect((await screen.findByTestId('resource-contracts-licensee-empty')).textContent).toBe(
      'This resource holds no contracts on dependencies.',
    );
    expect((await screen.findByTestId('resource-contracts-licensor-empty')).textContent).toBe(
      'Nobody holds a contract on this resource yet.',
    );
  });
});
