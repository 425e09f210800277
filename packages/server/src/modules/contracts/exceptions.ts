// A contract in exception (DOMAIN §3.6 step 6): the scheduler puts it there after a time event failed
// 5 times, operators set and clear it. It grants nothing (auth answers 306) and accepts no events, so
// its waiting time events are cancelled; authStatus stays what its state derives.
import { ContractStatus, enterState, type PolicyFsm } from '@tessera/domain';
import type { PolicyCatalog } from '../policies';
import type { ContractRepo, ContractRow } from './repo';
import { scheduleEntryEvents } from './state-entries';

/** Puts the locked `contract` in exception. */
export async function enterException(repo: ContractRepo, contract: ContractRow, now: Date): Promise<ContractRow> {
  const changes = { status: ContractStatus.Exception, updateDate: now.toISOString() };
  await repo.updateContract(contract.contractId, changes);
  await repo.cancelWaitingEvents(contract.contractId, changes.updateDate);
  return { ...contract, ...changes };
}

/**
 * Puts the locked `contract` back in force, in the entry it was in: no new transition record, and its
 * current entry's time events are scheduled again with their due dates, so one that fell due during
 * the exception fires at once and its new state counts as entered at that due date, as if the
 * exception had never paused it (the same rule as after a downtime).
 */
export async function leaveException(
  repo: ContractRepo,
  contract: ContractRow,
  fsm: PolicyFsm,
  now: Date,
  utcOffsetMinutes: number,
): Promise<ContractRow> {
  const entry = enterState(fsm, contract.fsmCurrentState, new Date(contract.fsmStateEnterDate), utcOffsetMinutes);
  const changes = { status: ContractStatus.InForce, updateDate: now.toISOString() };
  await repo.updateContract(contract.contractId, changes);
  await repo.cancelWaitingEvents(contract.contractId, changes.updateDate);
  await scheduleEntryEvents(repo, contract.contractId, contract.stateEntryRecordId, entry.timeEvents, now);
  return { ...contract, ...changes };
}

/** The state machine of a stored policy (policies never change once stored). */
export async function policyFsm(policies: Pick<PolicyCatalog, 'wiresOf'>, policyId: string): Promise<PolicyFsm> {
  const policy = (await policies.wiresOf([policyId], { isTranslate: false, language: 'en_US' })).get(policyId);
  if (!policy) throw new Error(`policy ${policyId} is not stored`);
  return policy.fsmDescriptionInfo as PolicyFsm;
}
