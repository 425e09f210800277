import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { seedTexts } from '@tessera/domain/i18n-texts';
import type { ResolveResourceWire } from '@tessera/contract/versions';
import { envelope, type TestServer } from '../../testing/test-server';
import { policyUser } from '../policy/testing';
import { dialogTitled, ownedResource, RESOURCE_ID, startEditorServer } from '../resource-editor/testing';
import { nth, openPage, policyBinding, requestsTo, resourceWire } from '../resources/testing';

let server: TestServer;
afterEach(async () => {
  await server.close();
});

const DEPENDENCY = '6650a1c2e4b0f3d9000b0001';
const FREE = 'a'.repeat(32);
const PAID = 'b'.repeat(32);
const OLD = 'c'.repeat(32);
const BATCH_SET = `/v2/resources/${RESOURCE_ID}/versions/batchSetContracts`;
const RESOLVE = `/v2/resources/${RESOURCE_ID}/resolveResources`;

/** bob/底图: free and paid enabled, an old policy disabled that version 1.0.0 still uses; 1.1.0 uses the free one. */
function routeDependency(editor: TestServer) {
  editor.route(`/v2/resources/${DEPENDENCY}`, {
    body: envelope(
      resourceWire({
        resourceId: DEPENDENCY,
        resourceName: 'bob/底图',
        policies: [
          policyBinding({ policyId: FREE, policyName: '免费使用' }),
          policyBinding({ policyId: PAID, policyName: '付费使用' }),
          policyBinding({ policyId: OLD, policyName: '旧策略', status: 0 }),
        ],
      }),
    ),
  });
  const resolved: ResolveResourceWire[] = [
    {
      resourceId: DEPENDENCY,
      resourceName: 'bob/底图',
      versions: [
        { version: '1.0.0', versionId: 'v1', contracts: [{ policyId: OLD, contractId: 'k3' }] },
        { version: '1.1.0', versionId: 'v2', contracts: [{ policyId: FREE, contractId: 'k1' }] },
      ],
    },
  ];
  editor.route(RESOLVE, { body: envelope(resolved) });
}

const groupOf = async (name: string) => within(await screen.findByRole('group', { name }));
const tick = (version: string, policy: string) =>
  screen.getByRole('checkbox', { name: `版本 ${version} 使用 bob/底图 的策略“${policy}”` }) as HTMLInputElement;

describe('the dependency tab’s contracts', { timeout: 30_000 }, () => {
  it('ticks per version the policies it uses, applies and removes them in one call after confirming the removal', async () => {
    ({ server } = await startEditorServer());
    routeDependency(server);
    server.route(BATCH_SET, { body: envelope([]) });
    openPage(server, `/resource/sidebar/dependency/${RESOURCE_ID}`);

    const group = await groupOf('bob/底图');
    await waitFor(() => expect(group.getAllByTestId('dependency-policy')).toHaveLength(3));
    expect(tick('1.1.0', '免费使用').checked).toBe(true);
    expect(tick('1.0.0', '免费使用').checked).toBe(false);
    expect(tick('1.0.0', '旧策略').checked).toBe(true);
    // A disabled policy can be taken out but not applied again.
    expect(tick('1.1.0', '旧策略').disabled).toBe(true);
    expect(nth(group.getAllByTestId('dependency-policy'), 2).textContent).toContain('已停用');
    expect(nth(group.getAllByTestId('dependency-policy'), 1).textContent).toContain('尚未签约');
    expect(group.getByRole('link', { name: '查看策略“免费使用”的合约 1' }).getAttribute('href')).toBe(
      `/resource/sidebar/dependency/${RESOURCE_ID}?contractId=k1`,
    );

    const user = policyUser();
    await user.click(tick('1.0.0', '免费使用'));
    await user.click(tick('1.0.0', '旧策略'));
    expect(tick('1.0.0', '旧策略').checked).toBe(false);
    await user.click(screen.getByRole('button', { name: '保存合约更改（2）' }));
    const dialog = await dialogTitled('让 1 个版本不再使用这些合约？');
    expect(requestsTo(server, 'PUT', BATCH_SET)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: '确认取消' }));

    expect(await screen.findByText('合约已更新。')).toBeTruthy();
    expect(JSON.parse(nth(requestsTo(server, 'PUT', BATCH_SET), 0).body)).toEqual({
      subjects: [
        {
          subjectId: DEPENDENCY,
          versions: [
            { version: '1.0.0', policyId: FREE, operation: 1 },
            { version: '1.0.0', policyId: OLD, operation: 0 },
          ],
        },
      ],
    });
    // The versions' contracts are read again.
    await waitFor(() => expect(requestsTo(server, 'GET', RESOLVE).length).toBeGreaterThanOrEqual(2));
    // (The closing dialog's aria-hidden still covers the page in jsdom, so by text.)
    expect(screen.getByText('保存合约更改（0）').closest('button')?.hasAttribute('disabled')).toBe(true);
  });

  it('applies without asking, and shows the server’s refusal to leave a version without a contract (en_US)', async () => {
    ({ server } = await startEditorServer());
    routeDependency(server);
    const refusal = seedTexts['versions.contractRequired']?.en_US ?? '';
    const message = refusal.replace('{version}', '1.1.0').replace('{name}', 'bob/底图');
    let calls = 0;
    server.route(BATCH_SET, () =>
      calls++ === 0 ? { body: envelope([]) } : { body: envelope(null, { errCode: 2, msg: message }) },
    );
    openPage(server, `/resource/sidebar/dependency/${RESOURCE_ID}`, 'en_US');

    const group = await groupOf('bob/底图');
    const user = policyUser();
    const uses = (version: string, policy: string) =>
      group.getByRole('checkbox', { name: `Version ${version} uses the policy "${policy}" of bob/底图` });
    await waitFor(() => expect(group.getAllByTestId('dependency-policy')).toHaveLength(3));
    await user.click(uses('1.1.0', '付费使用'));
    expect(group.getByText('(not saved)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save contract changes (1)' }));
    expect(await screen.findByText('Contracts updated.')).toBeTruthy();
    expect(JSON.parse(nth(requestsTo(server, 'PUT', BATCH_SET), 0).body)).toEqual({
      subjects: [{ subjectId: DEPENDENCY, versions: [{ version: '1.1.0', policyId: PAID, operation: 1 }] }],
    });

    await user.click(uses('1.1.0', '免费使用'));
    await user.click(screen.getByRole('button', { name: 'Save contract changes (1)' }));
    await user.click(
      within(await dialogTitled('Stop 1 version uses of these contracts?')).getByText('Stop using them'),
    );

    const shown = await screen.findByTestId('dependency-contracts-refusal');
    expect(shown.getAttribute('role')).toBe('alert');
    expect(shown.textContent).toContain('The contracts were not changed');
    expect(shown.textContent).toContain('Version 1.1.0 must keep at least one contract on bob/底图');
    // What the owner ticked stays, to be corrected.
    expect((uses('1.1.0', '免费使用') as HTMLInputElement).checked).toBe(false);
  });

  it('shows the choices of a frozen resource without a way to change them', async () => {
    ({ server } = await startEditorServer(ownedResource({ status: 2 })));
    routeDependency(server);
    openPage(server, `/resource/sidebar/dependency/${RESOURCE_ID}`);
    const group = await groupOf('bob/底图');
    await waitFor(() => expect(group.getAllByTestId('dependency-policy')).toHaveLength(3));
    expect(tick('1.1.0', '免费使用').disabled).toBe(true);
    expect(screen.queryByText('保存合约更改（0）')).toBeNull();
  });
});
