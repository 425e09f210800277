import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrCode } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../cli/errors';
import { cliRunner } from '../../cli/testing';
import { runCli } from '../../cli/run';
import { createTestApp, dataOf, type TestApp } from '../../testing';
import { runResourceCommand } from './cli';
import type { ResourceWire } from '@tessera/contract/resources';
import { createResource, onlineResource, RESOURCES } from './testing';

describe('tessera admin resource', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const { run, failure } = cliRunner((argv, print) =>
    runResourceCommand(argv, { resources: t.services.resources, print }),
  );

  it('freezes by full name with a reason: out of the market, shown as status 2, recorded', async () => {
    const { client } = await t.login({ username: 'Painter' });
    const resource = await onlineResource(t, client, { name: 'Mona' });
    expect(await run('freeze', 'painter/mona', '--reason', ' 侵权 ', '--remark', 'ticket 12')).toBe(
      `Froze resource ${resource.resourceId} (Painter/Mona): it has left the market and its owner can no longer change it.`,
    );
    const visitor = t.client();
    expect(dataOf(await visitor.get<{ totalItem: number }>(RESOURCES, { query: { keywords: 'mona' } })).totalItem).toBe(
      0,
    );
    expect(
      dataOf(
        await visitor.get<ResourceWire>(`${RESOURCES}/${resource.resourceId}`, { query: { isLoadFreezeReason: 1 } }),
      ),
    ).toMatchObject({ status: 2, freezeReason: '侵权' });
    expect((await client.put(`${RESOURCES}/${resource.resourceId}`, { status: 4 })).body.errCode).toBe(
      ErrCode.Business,
    );

    t.clock.advance({ minutes: 1 });
    expect(await run('unfreeze', resource.resourceId)).toBe(`Unfroze resource ${resource.resourceId} (Painter/Mona).`);
    expect(dataOf(await visitor.get<{ totalItem: number }>(RESOURCES, { query: { keywords: 'mona' } })).totalItem).toBe(
      1,
    );
    expect(
      dataOf(
        await visitor.get<ResourceWire>(`${RESOURCES}/${resource.resourceId}`, { query: { isLoadFreezeReason: 1 } }),
      ),
    ).toMatchObject({ status: 1, freezeReason: '' });
    const records = await t.services.resources.freezeRecords(resource.resourceId);
    expect(records.map((record) => [record.type, record.reason, record.remark, record.operatorUserId])).toEqual([
      [1, '侵权', 'ticket 12', 0],
      [2, '', '', 0],
    ]);
  });

  it('refuses bad input with readable messages', async () => {
    const { client } = await t.login();
    const resource = await createResource(client);
    expect((await failure('freeze', resource.resourceId)).message).toBe('freeze needs --reason <text>');
    expect((await failure('freeze', resource.resourceId, '--reason', '  ')).message).toBe('--reason: Is required');
    expect((await failure('freeze', resource.resourceId, '--reason', 'x'.repeat(201))).message).toBe(
      '--reason: Must have at most 200 characters',
    );
    expect((await failure('freeze', 'nobody/none', '--reason', 'x')).message).toBe(
      "no resource with id or name 'nobody/none'",
    );
    expect((await failure('freeze', 'not a name', '--reason', 'x')).message).toBe(
      "no resource with id or name 'not a name'",
    );
    expect((await failure('unfreeze', resource.resourceId)).message).toBe(
      `resource '${resource.resourceId}' is not frozen`,
    );
    await run('freeze', resource.resourceId, '--reason', 'x');
    expect((await failure('freeze', resource.resourceId, '--reason', 'y')).message).toBe(
      `resource '${resource.resourceId}' is already frozen`,
    );
    const usage = await failure('thaw', resource.resourceId);
    expect(usage).toBeInstanceOf(UsageError);
    expect(usage.message).toContain("unknown resource command 'thaw'");
    expect((await failure('freeze')).message).toContain('freeze needs a resource id or username/name');
    expect(await run('help')).toContain('tessera admin resource freeze');
  });
});

describe('tessera admin resource through the command line', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tessera-resource-cli-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is wired in: an unknown resource ends with exit code 1 and a message', async () => {
    const errors: string[] = [];
    const io = {
      env: { DATA_DIR: dataDir },
      cwd: dataDir,
      out: () => {},
      err: (text: string) => void errors.push(text),
    };
    expect(await runCli(['admin', 'resource', 'freeze', 'nobody/none', '--reason', 'x'], io)).toBe(1);
    expect(errors.join('')).toBe("tessera: no resource with id or name 'nobody/none'");
  });
});
