import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TestServer } from '../../testing/test-server';
import { openPage, signInAlice, startResourceServer } from '../resources/testing';
import { contractWire, routeContracts } from './testing';

let server: TestServer;
afterEach(async () => {
  await server.close();
});

describe('the contract drawer named in the address', { timeout: 30_000 }, () => {
  it('is not there until the address names a contract, opens then, and closing takes the contract out of the address', async () => {
    const contract = contractWire();
    server = await startResourceServer();
    signInAlice(server);
    routeContracts(server, { contracts: [contract], records: {} });
    const { router } = openPage(server, '/logged/contract');
    await screen.findByRole('heading', { level: 1, name: '我的合约' });
    expect(screen.queryByTestId('contract-drawer')).toBeNull();

    await act(() => router.navigate(`/logged/contract?contractId=${contract.contractId}`));
    expect(await screen.findByTestId('contract-drawer', {}, { timeout: 10_000 })).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: '关闭合约详情' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.queryByTestId('contract-drawer')).toBeNull());

    // Named again, it opens again.
    await act(() => router.navigate(`/logged/contract?contractId=${contract.contractId}`));
    expect(await screen.findByTestId('contract-drawer')).toBeTruthy();
  });
});
