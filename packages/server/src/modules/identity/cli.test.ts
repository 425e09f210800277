import { ErrCode } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../cli/errors';
import { cliRunner } from '../../cli/testing';
import { createTestApp, dataOf, type TestApp } from '../../testing';
import { runUserCommand } from './cli';

describe('tessera admin user', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const { run, failure } = cliRunner((argv, print) => runUserCommand(argv, { identity: t.services.identity, print }));
  const reasonOf = async (userId: number) =>
    (await t.db.selectFrom('user_details').select('reason').where('userId', '=', userId).executeTakeFirstOrThrow())
      .reason;

  it('freezes a user by username with a reason, ending their sessions', async () => {
    const { user, client } = await t.login({ username: 'Trudy' });
    dataOf(await client.get('/v2/users/current'));
    expect(await run('freeze', 'trudy', '--reason', ' 发布违规内容 ')).toBe(
      `Froze user ${user.userId} (Trudy); their sessions have ended.`,
    );
    expect((await t.services.identity.resolveUser(String(user.userId))).status).toBe(1);
    expect(await reasonOf(user.userId)).toBe('发布违规内容');
    expect((await client.get('/v2/users/current')).body.errCode).toBe(ErrCode.NotLoggedIn);
  });

  it('unfreezes by user id and clears the reason', async () => {
    const user = await t.createUser({ username: 'victor', status: 1 });
    expect(await run('unfreeze', String(user.userId))).toBe(`Unfroze user ${user.userId} (victor).`);
    expect((await t.services.identity.resolveUser('victor')).status).toBe(0);
    expect(await reasonOf(user.userId)).toBe('');
  });

  it('lists users as an aligned table with status and reason', async () => {
    const frozen = await t.createUser({ username: 'walter', email: 'walter@example.com' });
    await t.services.identity.freezeUser(frozen.userId, 'too many reports');
    const lines = (await run('list')).split('\n');
    expect(lines[0]).toMatch(/^USER ID\s+USERNAME\s+E-MAIL\s+MOBILE\s+STATUS\s+CREATED\s+REASON$/);
    expect(lines.find((line) => line.includes('walter'))).toMatch(
      new RegExp(
        `^${frozen.userId}\\s+walter\\s+walter@example\\.com\\s+-\\s+frozen\\s+2025-03-01\\s+too many reports$`,
      ),
    );
    expect(lines.find((line) => line.includes('victor'))).toMatch(/\s+normal\s+2025-03-01$/);
  });

  it('refuses bad input with readable messages', async () => {
    await t.createUser({ username: 'yvonne' });
    expect((await failure('freeze', 'yvonne')).message).toBe('freeze needs --reason <text>');
    expect((await failure('freeze', 'yvonne', '--reason', '  ')).message).toBe('--reason: Is required');
    expect((await failure('freeze', 'yvonne', '--reason', 'x'.repeat(201))).message).toBe(
      '--reason: Must have at most 200 characters',
    );
    expect((await failure('freeze', 'nobody', '--reason', 'x')).message).toBe("no user with id or username 'nobody'");
    expect((await failure('unfreeze', '99999999')).message).toBe("no user with id or username '99999999'");
    const usage = await failure('unfreeze', 'yvonne', '--reason', 'x');
    expect(usage).toBeInstanceOf(UsageError);
    expect(usage.message).toBe('--reason belongs to freeze');
    expect((await failure('freeze')).message).toContain('freeze needs a user id or username');
    expect((await failure('list', 'extra')).message).toBe('list takes no arguments');
    expect((await failure('delete', 'yvonne')).message).toContain("unknown user command 'delete'");
    expect((await t.services.identity.resolveUser('yvonne')).status).toBe(0);
  });
});
