// Entering a state (DOMAIN §3.6 step 4) as the database records it: the contract's current state and
// derived authStatus, a transition record, the previous entry's waiting time events cancelled and the
// new state's scheduled. Signing (initialisation), payments and the scheduler all end here, inside the
// transaction that holds the contract's lock.
import type { StateEntry, TransitionRecord } from '@tessera/domain';
import type { NewRow } from '../../platform/db/schema';
import { newHex24 } from '../../platform/ids';
import { ScheduledEventStatus, type ContractRepo, type ContractRow } from './repo';

/** What the event adds to its record's eventInfo besides the machine's code, name, args and dueDate. */
export type RecordExtras = { triggerUserId?: number; transactionRecordId?: string };

/**
 * Writes `record` and `entry` for the locked `contract` through `repo` (inside its transaction) and
 * answers the contract as it now is. `now` is when it happens (the record's date is the entry date:
 * a late time event counts as entered at its due date).
 */
export async function writeStateEntry(
  repo: ContractRepo,
  contract: ContractRow,
  { record, entry }: { record: TransitionRecord; entry: StateEntry },
  now: Date,
  extras: RecordExtras = {},
): Promise<ContractRow> {
  const at = now.toISOString();
  const recordId = newHex24(now);
  const { dueDate, ...eventInfo } = record.eventInfo as TransitionRecord['eventInfo'] & { dueDate?: Date };
  await repo.insertRecord({
    recordId,
    contractId: contract.contractId,
    seq: await repo.nextRecordSeq(contract.contractId),
    fromState: record.fromState,
    toState: record.toState,
    eventId: record.eventId,
    eventInfo: JSON.stringify({ ...eventInfo, ...extras, ...(dueDate ? { dueDate: dueDate.toISOString() } : {}) }),
    createDate: record.createDate.toISOString(),
  });
  const changes = {
    fsmCurrentState: entry.fsmCurrentState,
    fsmCurrentStateColors: JSON.stringify(entry.fsmCurrentStateColors),
    fsmStateEnterDate: entry.fsmStateEnterDate.toISOString(),
    stateEntryRecordId: recordId,
    authStatus: entry.authStatus,
    status: entry.status,
    fsmRunningStatus: entry.fsmRunningStatus,
    updateDate: at,
  };
  await repo.updateContract(contract.contractId, changes);
  await repo.cancelWaitingEvents(contract.contractId, at);
  await scheduleEntryEvents(repo, contract.contractId, recordId, entry.timeEvents, now);
  return { ...contract, ...changes };
}

/**
 * Schedules the time events of the entry `stateEnterRecordId` (on entering a state, and when an
 * operator clears an exception: the current entry's timers come back with their due dates).
 */
export async function scheduleEntryEvents(
  repo: ContractRepo,
  contractId: string,
  stateEnterRecordId: string,
  timeEvents: StateEntry['timeEvents'],
  now: Date,
): Promise<void> {
  await repo.insertScheduledEvents(scheduledEventRows(contractId, stateEnterRecordId, timeEvents, now));
}

/** The waiting rows of an entry's time events, each first due (runAfter) at its own due date. */
export function scheduledEventRows(
  contractId: string,
  stateEnterRecordId: string,
  timeEvents: StateEntry['timeEvents'],
  now: Date,
): NewRow<'contract_scheduled_events'>[] {
  const at = now.toISOString();
  return timeEvents.map((event) => ({
    scheduleId: newHex24(now),
    contractId,
    stateEnterRecordId,
    eventId: event.eventId,
    code: event.code,
    dueDate: event.dueDate.toISOString(),
    eventOrder: event.order,
    status: ScheduledEventStatus.Waiting,
    attempts: 0,
    lastError: '',
    runAfter: event.dueDate.toISOString(),
    lockedUntil: '',
    createDate: at,
    updateDate: at,
  }));
}
