// `tessera admin node list|show|freeze|unfreeze` (DOMAIN §3.7).
import type { NodeFreezeInfoWire } from '@tessera/contract/nodes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliError, UsageError } from '../../cli/errors';
import { runCliInTempDir } from '../../cli/testing';
import { cliRunner } from '../../cli/testing';
import { createTestApp, dataOf, type TestApp } from '../../testing';
import { runNodeCommand } from './cli';
import { createNode, NODES } from './testing';

describe('tessera admin node', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const { run, failure } = cliRunner((argv, print) => runNodeCommand(argv, { nodes: t.services.nodes, print }));
  const freezeInfo = async (nodeId: number) =>
    dataOf(await t.client().get<NodeFreezeInfoWire>(`${NODES}/${nodeId}/freezeInfo`));

  it('says so when there are no nodes, then lists every node with owner and state', async () => {
    expect(await run('list')).toBe('No nodes yet.');
    const { client, user } = await t.login();
    const living = await createNode(client, { nodeTitle: '雾 Mist' });
    const deleted = await createNode(client);
    dataOf(await client.delete(`${NODES}/${deleted.nodeId}`));
    const lines = (await run('list')).split('\n');
    expect(lines[0]).toMatch(/^NODE ID\s+NAME\s+DOMAIN\s+OWNER\s+VISIBILITY\s+STATE\s+CREATED$/);
    expect(lines[1]).toMatch(/^-+(\s+-+){6}$/);
    expect(lines[2]).toMatch(
      new RegExp(
        `^${living.nodeId}\\s+${living.nodeName}\\s+${living.nodeDomain}\\s+${user.username} \\(${user.userId}\\)\\s+public\\s+normal\\s+2025-03-01$`,
      ),
    );
    expect(lines[3]).toMatch(new RegExp(`^${deleted.nodeId}\\s.*\\spublic\\s+deleted\\s`));
  });

  it('freezes by id or domain with a reason and a remark, shows the node, and unfreezes', async () => {
    const { client } = await t.login();
    const node = await createNode(client);
    expect(await run('freeze', node.nodeDomain, '--reason', ' Infringing exhibits ', '--remark', 'ticket 7')).toBe(
      `Froze node ${node.nodeId} (${node.nodeDomain}).`,
    );
    expect(await freezeInfo(node.nodeId)).toMatchObject({ isFrozen: true, reason: 'Infringing exhibits' });
    const shown = await run('show', String(node.nodeId));
    expect(shown).toContain(`Node:          ${node.nodeId} ${node.nodeName}`);
    expect(shown).toContain(`Site:          ${node.nodeUrl}`);
    expect(shown).toContain('State:         frozen');
    expect(shown).toContain('Freeze reason: Infringing exhibits');
    expect(shown).toContain('Freeze remark: ticket 7');
    const again = await failure('freeze', String(node.nodeId), '--reason', 'again');
    expect([again.constructor, again.message]).toEqual([CliError, 'The node is already frozen']);
    expect(await run('unfreeze', String(node.nodeId))).toBe(`Unfroze node ${node.nodeId} (${node.nodeDomain}).`);
    expect((await freezeInfo(node.nodeId)).isFrozen).toBe(false);
    expect((await failure('unfreeze', node.nodeDomain)).message).toBe('The node is not frozen');
    expect(await run('show', node.nodeDomain)).toContain('State:         normal');
  });

  it('refuses bad command lines and unknown or deleted nodes', async () => {
    const { client } = await t.login();
    const node = await createNode(client);
    expect(await failure('freeze', String(node.nodeId))).toBeInstanceOf(UsageError);
    expect(await failure('freeze', String(node.nodeId), '--reason', '  ')).toBeInstanceOf(UsageError);
    expect(await failure('freeze', String(node.nodeId), '--reason', 'x'.repeat(201))).toBeInstanceOf(UsageError);
    expect(await failure('unfreeze', String(node.nodeId), '--reason', 'x')).toBeInstanceOf(UsageError);
    expect(await failure('show')).toBeInstanceOf(UsageError);
    expect(await failure('show', '1', '2')).toBeInstanceOf(UsageError);
    expect(await failure('list', 'extra')).toBeInstanceOf(UsageError);
    expect(await failure('bogus')).toBeInstanceOf(UsageError);
    expect(await failure()).toBeInstanceOf(UsageError);
    expect(await run('help')).toMatch(/^Usage: tessera admin node/);
    const unknown = await failure('show', 'no-such-node');
    expect([unknown.constructor, unknown.message]).toEqual([CliError, 'The node does not exist']);
    dataOf(await client.delete(`${NODES}/${node.nodeId}`));
    expect(await run('show', String(node.nodeId))).toContain('State:         deleted');
    expect((await failure('freeze', String(node.nodeId), '--reason', 'x')).message).toBe('The node does not exist');
  });

  it('is wired into the command line as `tessera admin node`', async () => {
    const { code, output } = await runCliInTempDir('admin', 'node', 'list');
    expect([code, output]).toEqual([0, 'No nodes yet.']);
  });
});
