// `tessera admin outbox`: a newcomer on the embedded default finds the code the sign-up page sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../cli/errors';
import { cliRunner } from '../../cli/testing';
import { createTestApp, type TestApp } from '../../testing';
import { runOutboxCommand } from './cli';
import { MessageRepo } from './repo';

describe('tessera admin outbox', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    for (const [index, toAddress] of ['first@example.com', 'second@example.com', 'first@example.com'].entries())
      await t.db
        .insertInto('outbox_messages')
        .values({
          recordId: `r${index}`,
          toAddress,
          channel: 'email',
          subject: `Subject ${index}`,
          body: `Your code is 12345${index}.`,
          createDate: `2025-03-01T08:0${index}:00.000Z`,
        })
        .execute();
  });
  afterAll(() => t.close());

  const { run, failure } = cliRunner((argv, print) => runOutboxCommand(argv, { repo: new MessageRepo(t.db), print }));

  it('lists the newest messages first with the code each carries', async () => {
    const output = await run();
    expect(output.split('\n')[0]).toMatch(/SENT\s+TO\s+CODE\s+SUBJECT/);
    const codes = ['123452', '123451', '123450'].map((code) => output.indexOf(code));
    expect(codes.every((at) => at > 0)).toBe(true);
    expect(codes).toEqual([...codes].sort((a, b) => a - b));
  });

  it('keeps to one address, in any case, and to --limit', async () => {
    const output = await run('--to', 'FIRST@example.com', '--limit', '1');
    expect(output).toContain('123452');
    expect(output).not.toContain('123450');
    expect(output).not.toContain('second@example.com');
  });

  it('says so when an address has no messages', async () => {
    expect(await run('--to', 'nobody@example.com')).toBe('no messages in the outbox for nobody@example.com');
  });

  it('refuses a bad limit and stray arguments', async () => {
    expect(await failure('--limit', '0')).toBeInstanceOf(UsageError);
    expect(await failure('extra')).toBeInstanceOf(UsageError);
  });
});
