// One live default consumer contract per licensee owner and exhibit (DOMAIN §2.13 isDefault), held by the
// partial unique index of migration 0020: what it refuses, how the migration settles twins made before
// it, and (PostgreSQL) parallel signings of an exhibit's policies leaving exactly one default.
import type { ContractWire } from '@tessera/contract/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../platform/db/constraints';
import { dataOf, migrateToLatest, testDatabaseUrl, type TestApp, type TestClient } from '../../testing';
import { MIGRATIONS } from '../manifest';
import type { UserRow } from '../identity';
import type { NodeRow } from '../nodes';
import type { ExhibitSubject } from './exhibit-subjects';
import { createAppWithExhibits, SEED_FREE_POLICY, SEED_PAID_POLICY, seedNode, StandInExhibits } from './testing';

const MIGRATION = '0020_contracts_one_default';

describe('one live default contract per consumer and exhibit', { timeout: 120_000 }, () => {
  const exhibits = new StandInExhibits();
  let t: TestApp;
  let bob: TestClient;
  let bobUser: UserRow;
  let node: NodeRow;

  beforeAll(async () => {
    t = await createAppWithExhibits(exhibits);
    const alice = await t.login({ username: `alice${process.pid}` });
    ({ client: bob, user: bobUser } = await t.login({ username: `bob${process.pid}` }));
    node = await seedNode(t, alice.user);
  });
  afterAll(() => t.close());

  const twoPolicies = () =>
    exhibits.add(t, node, [
      { policyName: 'free', text: SEED_FREE_POLICY },
      { policyName: 'paid', text: SEED_PAID_POLICY },
    ]);
  const sign = (exhibit: ExhibitSubject, index: number) =>
    bob.post<ContractWire>('/v2/contracts', {
      subjectId: exhibit.presentableId,
      subjectType: 2,
      policyId: exhibit.policies[index]?.policyId,
      licenseeId: String(bobUser.userId),
      licenseeIdentityType: 3,
    });
  const liveRows = (subjectId: string) =>
    t.db
      .selectFrom('contracts')
      .select(['contractId', 'policyId', 'isDefault', 'createDate'])
      .where('subjectId', '=', subjectId)
      .where('status', '<>', 1)
      .orderBy('createDate')
      .orderBy('contractId')
      .execute();
  /** isDefault of each live contract on the exhibit, by contract id. */
  const defaultsOf = async (exhibit: ExhibitSubject) =>
    Object.fromEntries((await liveRows(exhibit.presentableId)).map((row) => [row.contractId, row.isDefault]));
  const refusal = async (work: Promise<unknown>) => {
    try {
      await work;
      return undefined;
    } catch (error) {
      return error;
    }
  };

  it('refuses a second live default and lets a terminated one go', async () => {
    const exhibit = await twoPolicies();
    const first = dataOf(await sign(exhibit, 0));
    const second = dataOf(await sign(exhibit, 1));
    expect([first.isDefault, second.isDefault]).toEqual([1, 0]);
    const flag = t.db.updateTable('contracts').set({ isDefault: 1 }).where('contractId', '=', second.contractId);
    expect(isUniqueViolation(await refusal(flag.execute()))).toBe(true);
    // setDefault moves the flag within the rule.
    expect(dataOf(await bob.put(`/v2/contracts/${second.contractId}/setDefault`, {}))).toBe(true);
    expect(await defaultsOf(exhibit)).toEqual({ [first.contractId]: 0, [second.contractId]: 1 });
    // A terminated contract holds no slot.
    await t.db.updateTable('contracts').set({ status: 1 }).where('contractId', '=', second.contractId).execute();
    await t.db.updateTable('contracts').set({ isDefault: 1 }).where('contractId', '=', first.contractId).execute();
    expect(await defaultsOf(exhibit)).toEqual({ [first.contractId]: 1 });
  });

  it('migrates a database holding twin defaults: the earliest stays the default; down drops the index', async () => {
    const exhibit = await twoPolicies();
    const first = dataOf(await sign(exhibit, 0));
    t.clock.advance({ minutes: 1 });
    const second = dataOf(await sign(exhibit, 1));
    const later = Object.entries(MIGRATIONS).filter(([name]) => name >= MIGRATION);
    for (const [name, migration] of later.reverse()) {
      await migration.down?.(t.db as never);
      await t.db
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', name as never)
        .execute();
    }
    await t.db.updateTable('contracts').set({ isDefault: 1 }).where('contractId', '=', second.contractId).execute();
    expect(await migrateToLatest(t.db)).toEqual(later.map(([name]) => name).sort());
    expect(await defaultsOf(exhibit)).toEqual({ [first.contractId]: 1, [second.contractId]: 0 });
  });

  // SQLite has one writer at a time; the race needs PostgreSQL's parallel transactions.
  it.skipIf(testDatabaseUrl() === null)(
    'gives parallel signings of different policies of one exhibit one default (PostgreSQL)',
    async () => {
      for (let round = 0; round < 12; round += 1) {
        const exhibit = await twoPolicies();
        const answers = await Promise.all([0, 1, 0, 1].map((index) => sign(exhibit, index)));
        const signed = answers.map((answer) => dataOf(answer));
        const live = await liveRows(exhibit.presentableId);
        expect(live).toHaveLength(2);
        expect(live.filter((row) => row.isDefault === 1)).toHaveLength(1);
        // Each answer is the live contract of its policy, as stored.
        for (const contract of signed)
          expect(live.find((row) => row.contractId === contract.contractId)?.isDefault).toBe(contract.isDefault);
      }
    },
  );
});
