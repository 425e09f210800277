// Test helpers of the contracts module (not a test file itself): contracts arranged straight in the
// database, with the parties and dates a test names, under a policy compiled and stored by the
// policies service and initialised by the domain's state machine, as signing leaves them.
import {
  applyEvent,
  ContractStatus,
  initContract,
  stateOf,
  SubjectType,
  type PolicyFsm,
  type PolicySubjectType,
} from '@tessera/domain';
import { configWith } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import type { RowUpdate } from '../../platform/db/schema';
import { newHex24 } from '../../platform/ids';
import { defineModule } from '../../platform/modules';
import { createTestApp, type TestAppOptions, type TestApp } from '../../testing';
import { MODULES } from '../manifest';
import { isNodeFrozen, NODE_FROZEN_FLAG, type NodeRow } from '../nodes';
import type { ExhibitSubject, ExhibitSubjects } from './exhibit-subjects';
import { ContractRepo, type ContractRow, type ScheduledEventRow, type TransitionRecordRow } from './repo';
import { ContractScheduler, type ContractSchedulerDeps } from './scheduler';
import { writeStateEntry } from './state-entries';

/** A party of a seeded contract: a resource, node or user (id as text) and the user acting for it. */
export type SeededParty = { id: string; name: string; ownerId: number; ownerName: string };

export type SeedContractOptions = {
  licensor: SeededParty;
  licensee: SeededParty;
  /** 1 resource (default), 2 node, 3 consumer. */
  licenseeIdentityType?: number;
  /** The licensor itself by default (a resource licensing itself). */
  subject?: { id: string; name: string; type?: number };
  policyText?: string;
  contractName?: string;
  /** When it was signed (its createDate and initialisation); the test clock's now by default. */
  signedAt?: Date | string;
  /** Written over the row once initialised (an exception status, isDefault…). */
  changes?: RowUpdate<'contracts'>;
};

export const SEED_FREE_POLICY = 'for public\n\ninitial[active]:\n  terminate';
export const SEED_PAID_POLICY =
  'for public\n\ninitial:\n  ~freelog.TransactionEvent("10.00","self.account") => paid\n\npaid[active]:\n  terminate';
/** A contract that ends as soon as it is signed (status 1); a policy must name an authorising state, even unreachable. */
export const SEED_ENDED_POLICY = 'for public\n\ninitial:\n  terminate\n\nnever[active]:\n  terminate';

/** The platform offset the test apps run with (PLATFORM_TZ_OFFSET's default). */
const UTC_OFFSET_MINUTES = configWith().utcOffsetMinutes;

/** The stored policy (compiled and stored through the policies service) and its state machine. */
export async function storedPolicy(
  t: TestApp,
  text: string,
  subjectType: PolicySubjectType,
  userId: number,
): Promise<{ policyId: string; fsm: PolicyFsm }> {
  const [record] = t.services.policies.compileAll([{ text, field: 'policyText' }], subjectType, 'en_US');
  if (!record) throw new Error('the policy did not compile');
  await t.services.policies.store([record], userId);
  return { policyId: record.policyId, fsm: record.policy.fsmDescriptionInfo as PolicyFsm };
}

/** A contract as signing leaves it: inserted, then initialised (its first transition record). */
export async function seedContract(t: TestApp, options: SeedContractOptions): Promise<ContractRow> {
  const { licensor, licensee } = options;
  const subject = options.subject ?? { id: licensor.id, name: licensor.name };
  const subjectType = subject.type ?? SubjectType.Resource;
  const signedAt = new Date(options.signedAt ?? t.clock.now());
  const policySubjectType = subjectType === SubjectType.Exhibit ? SubjectType.Exhibit : SubjectType.Resource;
  const { policyId, fsm } = await storedPolicy(
    t,
    options.policyText ?? SEED_FREE_POLICY,
    policySubjectType,
    licensor.ownerId,
  );
  const at = signedAt.toISOString();
  const row: ContractRow = {
    contractId: newHex24(signedAt),
    contractName: options.contractName ?? 'policy',
    subjectId: subject.id,
    subjectName: subject.name,
    subjectType,
    licensorId: licensor.id,
    licensorName: licensor.name,
    licensorOwnerId: licensor.ownerId,
    licensorOwnerName: licensor.ownerName,
    licenseeId: licensee.id,
    licenseeName: licensee.name,
    licenseeOwnerId: licensee.ownerId,
    licenseeOwnerName: licensee.ownerName,
    licenseeIdentityType: options.licenseeIdentityType ?? 1,
    policyId,
    isDefault: 0,
    status: 0,
    authStatus: 128,
    fsmCurrentState: '',
    fsmCurrentStateColors: '[]',
    fsmStateEnterDate: at,
    stateEntryRecordId: '',
    fsmDeclarations: JSON.stringify({
      envArgs: [{ name: 'self.account', accountId: '', ownerName: licensor.ownerName }],
    }),
    fsmRunningStatus: 4,
    createDate: at,
    updateDate: at,
  };
  return t.services.contractReads.repo.inTransaction(async (repo) => {
    await repo.insertContract(row);
    const initialised = await writeStateEntry(repo, row, initContract(fsm, signedAt, UTC_OFFSET_MINUTES), signedAt);
    if (!options.changes) return initialised;
    await repo.updateContract(row.contractId, options.changes);
    return { ...initialised, ...options.changes } as ContractRow;
  });
}

/** The state machine of a stored policy. */
async function fsmOf(t: TestApp, policyId: string): Promise<PolicyFsm> {
  const wires = await t.services.policies.wiresOf([policyId], { isTranslate: false, language: 'en_US' });
  const wire = wires.get(policyId);
  if (!wire) throw new Error(`no policy ${policyId}`);
  return wire.fsmDescriptionInfo as unknown as PolicyFsm;
}

/** The licensee pays the current state's first payment event at `at` (now by default), as the wallet will. */
export async function seedContractPayment(t: TestApp, contractId: string, at?: Date): Promise<ContractRow> {
  const when = at ?? t.clock.now();
  const found = await t.services.contractReads.repo.find(contractId);
  if (!found) throw new Error(`no contract ${contractId}`);
  const fsm = await fsmOf(t, found.policyId);
  return t.services.contractReads.repo.inTransaction(async (repo) => {
    const contract = (await repo.lock(contractId)) as ContractRow;
    const payment = stateOf(fsm, contract.fsmCurrentState).transitions.find(
      (transition) => transition.name === 'TransactionEvent',
    );
    if (payment?.name !== 'TransactionEvent') throw new Error(`nothing to pay in ${contract.fsmCurrentState}`);
    const state = {
      status: ContractStatus.InForce,
      fsmCurrentState: contract.fsmCurrentState,
      fsmStateEnterDate: new Date(contract.fsmStateEnterDate),
      entryId: contract.stateEntryRecordId,
      selfAccountId: '',
    };
    const event = {
      type: 'payment' as const,
      eventId: payment.eventId,
      amount: payment.args.amount,
      accountId: '',
      at: when,
    };
    const outcome = applyEvent(fsm, state, event, UTC_OFFSET_MINUTES);
    if (!outcome.ok) throw new Error(`payment refused: ${outcome.refusal.code}`);
    return writeStateEntry(repo, contract, outcome, when, { triggerUserId: contract.licenseeOwnerId });
  });
}

// Time event tests (the scheduler, the admin command): schedulers of their own, made-up parties.

let madeUpParties = 0;

/** A new party (a resource of `ownerName`, id and owner id unique in the test run) for seedContract. */
export function madeUpParty(name = 'work', ownerName = 'alice'): SeededParty {
  madeUpParties += 1;
  return { id: `res${madeUpParties}`, name: `${ownerName}/${name}`, ownerId: madeUpParties, ownerName };
}

/** A scheduler over the app's database, policies and clock, silent; `deps` replace its parts (a failing catalog). */
export function testScheduler(t: TestApp, deps: Partial<ContractSchedulerDeps> = {}): ContractScheduler {
  return new ContractScheduler({
    repo: new ContractRepo(t.db),
    policies: t.services.policies,
    clock: t.clock,
    utcOffsetMinutes: UTC_OFFSET_MINUTES,
    log: { error: () => undefined },
    ...deps,
  });
}

/** Removes every contract with its records and time events, so one test's timers never come due in the next. */
export async function clearContracts(t: TestApp): Promise<void> {
  await t.db.deleteFrom('contract_scheduled_events').execute();
  await t.db.deleteFrom('contract_transition_records').execute();
  await t.db.deleteFrom('contracts').execute();
}

export const contractRow = (t: TestApp, contractId: string): Promise<ContractRow> =>
  t.db.selectFrom('contracts').selectAll().where('contractId', '=', contractId).executeTakeFirstOrThrow();

/** The contract's transition records, oldest first. */
export const transitionRecordsOf = (t: TestApp, contractId: string): Promise<TransitionRecordRow[]> =>
  t.db
    .selectFrom('contract_transition_records')
    .selectAll()
    .where('contractId', '=', contractId)
    .orderBy('seq')
    .execute();

/** The contract's time events in the order they were scheduled (text order within one entry). */
export const scheduledEventsOf = (t: TestApp, contractId: string): Promise<ScheduledEventRow[]> =>
  t.db
    .selectFrom('contract_scheduled_events')
    .selectAll()
    .where('contractId', '=', contractId)
    .orderBy('createDate')
    .orderBy('eventOrder')
    .execute();

// Nodes and exhibits as the signing tests need them, arranged without the nodes' and exhibits' routes.

let seededNodes = 0;

/** A node of `owner` inserted straight into the nodes table (live and normal unless `changes` say otherwise). */
export async function seedNode(
  t: TestApp,
  owner: { userId: number; username: string },
  changes: { frozen?: boolean; isDeleted?: number } = {},
): Promise<NodeRow> {
  seededNodes += 1;
  const nodeName = `node${process.pid}x${seededNodes}`;
  const at = t.clock.now().toISOString();
  return t.db
    .insertInto('nodes')
    .values({
      nodeName,
      nodeNameKey: nodeName.toLowerCase(),
      nodeDomain: nodeName.toLowerCase(),
      nodeTitle: nodeName,
      nodeShortDescription: '',
      nodeLogo: '',
      nodeThemeId: '',
      nodeTestThemeId: '',
      ownerUserId: owner.userId,
      ownerUserName: owner.username,
      visibility: 1,
      nodeSuspendInfo: '',
      status: changes.frozen ? 2 | NODE_FROZEN_FLAG : 2,
      freezeReason: changes.frozen ? 'test' : '',
      freezeRemark: '',
      tags: '[]',
      isDeleted: changes.isDeleted ?? 0,
      createDate: at,
      updateDate: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Exhibits held in memory, described through the `exhibitSubjects` port as the exhibits module will
 * (the node's state as it was when the exhibit was added: an exhibit of a deleted node does not exist).
 */
export class StandInExhibits implements ExhibitSubjects {
  readonly #exhibits = new Map<string, ExhibitSubject>();

  exhibitSubjects(presentableIds: readonly string[], _db?: Db): Promise<Map<string, ExhibitSubject>> {
    const found = new Map<string, ExhibitSubject>();
    for (const presentableId of presentableIds) {
      const exhibit = this.#exhibits.get(presentableId);
      if (exhibit) found.set(presentableId, structuredClone(exhibit));
    }
    return Promise.resolve(found);
  }

  /** An online exhibit in `node` with its policies stored (subject type 2); `changes` are written over it. */
  async add(
    t: TestApp,
    node: NodeRow,
    policies: { policyName: string; text: string; status?: number }[],
    changes: Partial<ExhibitSubject> = {},
  ): Promise<ExhibitSubject> {
    const bindings = [];
    for (const { policyName, text, status = 1 } of policies) {
      const { policyId } = await storedPolicy(t, text, SubjectType.Exhibit, node.ownerUserId);
      bindings.push({ policyId, policyName, status });
    }
    const presentableId = newHex24(t.clock.now());
    const exhibit: ExhibitSubject = {
      presentableId,
      presentableName: `exhibit ${presentableId.slice(-6)}`,
      nodeId: node.nodeId,
      nodeName: node.nodeName,
      nodeOwnerId: node.ownerUserId,
      nodeOwnerName: node.ownerUserName,
      isOnline: true,
      isNodeFrozen: isNodeFrozen(node),
      policies: bindings,
      ...changes,
    };
    if (node.isDeleted) return exhibit;
    this.#exhibits.set(presentableId, exhibit);
    return exhibit;
  }

  update(presentableId: string, changes: Partial<ExhibitSubject>): void {
    const exhibit = this.#exhibits.get(presentableId);
    if (!exhibit) throw new Error(`no exhibit ${presentableId}`);
    this.#exhibits.set(presentableId, { ...exhibit, ...changes });
  }
}

/**
 * An app whose exhibits are `exhibits` (the manifest's modules before the exhibits module, plus a
 * stand-in contributing the `exhibitSubjects` port).
 */
export function createAppWithExhibits(
  exhibits: ExhibitSubjects,
  options: Omit<TestAppOptions, 'modules'> = {},
): Promise<TestApp> {
  const before = MODULES.slice(
    0,
    MODULES.findIndex((module) => module.name === 'exhibits'),
  );
  const standIn = defineModule({
    name: 'stand-in-exhibits',
    services: () => ({}),
    ports: () => ({ exhibitSubjects: exhibits }),
  });
  return createTestApp({ ...options, modules: [...before, standIn] });
}
