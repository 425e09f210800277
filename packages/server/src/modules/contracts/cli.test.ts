// `tessera admin contract …`: operators list and show contracts, set and clear an exception.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../cli/errors';
import { cliRunner, runCliInTempDir } from '../../cli/testing';
import { createTestApp, type TestApp } from '../../testing';
import { runContractCommand } from './cli';
import { ScheduledEventStatus, type ContractRow } from './repo';
import {
  clearContracts,
  contractRow,
  madeUpParty,
  scheduledEventsOf,
  SEED_ENDED_POLICY,
  seedContract,
  testScheduler,
} from './testing';

const SIGNED_AT = '2025-03-01T00:00:00.000Z';
const DAY = 24 * 60 * 60_000;
const EXPIRES_AFTER_A_DAY = `for public
initial[active]:
  ~freelog.RelativeTimeEvent("1","day") => expired
expired:
  terminate`;

describe('tessera admin contract', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ now: SIGNED_AT });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await clearContracts(t);
    t.clock.set(SIGNED_AT);
  });

  const { run, failure } = cliRunner((argv, print) =>
    runContractCommand(argv, { contractAdmin: t.services.contractAdmin, print }),
  );

  const sign = (policyText = EXPIRES_AFTER_A_DAY, name = 'sunset'): Promise<ContractRow> =>
    seedContract(t, {
      licensor: madeUpParty(name),
      licensee: madeUpParty(`${name}-remix`),
      policyText,
      contractName: 'day pass',
    });
  const contractOf = (contractId: string) => contractRow(t, contractId);
  const eventsOf = (contractId: string) => scheduledEventsOf(t, contractId);
  const scheduler = () => testScheduler(t);

  it('lists the newest contracts first, by status, within a limit', async () => {
    expect(await run('list')).toBe('No contracts.');
    const older = await sign(EXPIRES_AFTER_A_DAY, 'older');
    t.clock.advance({ minutes: 1 });
    const ended = await sign(SEED_ENDED_POLICY, 'ended');

    const lines = (await run('list')).split('\n');
    expect(lines[0]).toMatch(/^CONTRACT ID\s+STATUS\s+STATE\s+AUTH\s+SUBJECT\s+LICENSEE\s+SIGNED\s+NAME$/);
    expect(lines.slice(2).map((line) => line.split(/\s+/).slice(0, 6))).toEqual([
      [ended.contractId, 'ended', 'initial', 'terminal', 'alice/ended', 'alice/ended-remix'],
      [older.contractId, 'in-force', 'initial', 'active', 'alice/older', 'alice/older-remix'],
    ]);
    expect(await run('list', '--status', 'in-force')).toContain(older.contractId);
    expect(await run('list', '--status', 'in-force')).not.toContain(ended.contractId);
    expect(await run('list', '--status', 'exception')).toBe('No contracts.');
    expect((await run('list', '--limit', '1')).split('\n')).toHaveLength(3);

    expect(await failure('list', '--status', 'paused')).toBeInstanceOf(UsageError);
    expect((await failure('list', '--limit', '0')).message).toBe('--limit must be a whole number from 1 to 1000');
    expect((await failure('show', older.contractId, '--limit', '2')).message).toBe(
      '--status and --limit belong to list',
    );
  });

  it('shows a contract with its history and time events', async () => {
    const contract = await sign();
    const shown = await run('show', contract.contractId);
    expect(shown).toContain(`Contract ${contract.contractId} (day pass)`);
    expect(shown).toContain('status:    in-force, active (authStatus 1)');
    expect(shown).toContain(`state:     initial since ${SIGNED_AT}`);
    expect(shown).toContain('History (1 transition):');
    expect(shown).toMatch(new RegExp(`${SIGNED_AT}\\s+_none_\\s+initial\\s+init`));
    const [event] = await eventsOf(contract.contractId);
    const due = new Date(Date.parse(SIGNED_AT) + DAY).toISOString();
    expect(shown).toMatch(new RegExp(`${due}\\s+${event?.eventId ?? '?'}\\s+A103\\s+waiting\\s+0\\s+${due}\\s+-`));

    expect((await failure('show', 'ffffffffffffffffffffffff')).message).toBe(
      "no contract with id 'ffffffffffffffffffffffff'",
    );
    expect(await failure('show')).toBeInstanceOf(UsageError);
  });

  it('sets an exception: the contract accepts no time events; clearing it brings them back with their due dates', async () => {
    const contract = await sign();
    expect(await run('exception', 'set', contract.contractId)).toBe(
      `Contract ${contract.contractId} is in exception: it grants nothing and accepts no events until cleared.`,
    );
    expect(await contractOf(contract.contractId)).toMatchObject({
      status: 2,
      authStatus: 1,
      fsmCurrentState: 'initial',
    });
    expect((await eventsOf(contract.contractId)).map((row) => row.status)).toEqual([ScheduledEventStatus.Cancelled]);
    expect((await failure('exception', 'set', contract.contractId)).message).toBe(
      `contract ${contract.contractId} is already in exception`,
    );
    t.clock.set(new Date(Date.parse(SIGNED_AT) + 3 * DAY));
    expect((await scheduler().fireDue()).fired).toBe(0);
    expect((await run('list', '--status', 'exception')).split('\n')[2]).toMatch(
      new RegExp(`^${contract.contractId}\\s+exception\\s+initial\\s+exception`),
    );

    expect(await run('exception', 'clear', contract.contractId)).toBe(
      `Contract ${contract.contractId} is in force again in state initial; its time events are scheduled.`,
    );
    const due = new Date(Date.parse(SIGNED_AT) + DAY).toISOString();
    const waiting = (await eventsOf(contract.contractId)).filter((row) => row.status === ScheduledEventStatus.Waiting);
    expect(waiting).toMatchObject([{ dueDate: due, runAfter: due, stateEnterRecordId: contract.stateEntryRecordId }]);
    // Due during the exception: it fires at once, and the new state counts from its due date.
    expect((await scheduler().fireDue()).fired).toBe(1);
    expect(await contractOf(contract.contractId)).toMatchObject({
      status: 1,
      fsmCurrentState: 'expired',
      fsmStateEnterDate: due,
    });
    expect((await failure('exception', 'clear', contract.contractId)).message).toBe(
      `contract ${contract.contractId} is not in exception`,
    );
    expect((await failure('exception', 'set', contract.contractId)).message).toBe(
      `contract ${contract.contractId} has ended: only a contract in force can be put in exception`,
    );
  });

  it('refuses unknown commands and missing ids with the usage', async () => {
    expect(await run('help')).toContain('Usage: tessera admin contract <command>');
    expect(await failure('cancel')).toBeInstanceOf(UsageError);
    expect((await failure('exception', 'toggle', 'x')).message).toBe(
      'exception needs set or clear: tessera admin contract exception set|clear <contractId>',
    );
    expect((await failure('exception', 'set')).message).toBe(
      'exception set needs a contract id: tessera admin contract exception set <contractId>',
    );
    expect((await failure('exception', 'clear', 'ffffffffffffffffffffffff')).message).toBe(
      "no contract with id 'ffffffffffffffffffffffff'",
    );
  });
});

describe('tessera admin contract, wired in', () => {
  it('ends with exit code 1 and a message for an unknown contract', async () => {
    expect(await runCliInTempDir('admin', 'contract', 'show', 'ffffffffffffffffffffffff')).toMatchObject({
      code: 1,
      errors: "tessera: no contract with id 'ffffffffffffffffffffffff'",
    });
  });
});
