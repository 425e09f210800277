// Step 2 and 3 of DOMAIN §3.6 inside a transaction: the live contract for the same subject, licensee
// and policy is answered unchanged; otherwise the contract is inserted and enters `initial` with
// `init`. Two parallel signings meet at the partial unique index contracts_one_live: the loser's
// insert is rolled back to a savepoint (a failed statement would abort the whole transaction on
// PostgreSQL) and it answers the winner's contract. A consumer's default meets contracts_one_default
// the same way: when another contract became the default meanwhile, this one is signed without the flag.
import { ContractAuthStatus, ContractStatus, FsmRunningStatus, initContract, type PolicyFsm } from '@tessera/domain';
import { sql } from 'kysely';
import { isUniqueViolation } from '../../platform/db/constraints';
import { newHex24 } from '../../platform/ids';
import type { ContractRepo, ContractRow } from './repo';
import { writeStateEntry } from './state-entries';

/** What a new contract is made of besides its state: its parties, subject, policy and name. */
export type ContractTerms = Pick<
  ContractRow,
  | 'contractName'
  | 'subjectId'
  | 'subjectName'
  | 'subjectType'
  | 'licensorId'
  | 'licensorName'
  | 'licensorOwnerId'
  | 'licensorOwnerName'
  | 'licenseeId'
  | 'licenseeName'
  | 'licenseeOwnerId'
  | 'licenseeOwnerName'
  | 'licenseeIdentityType'
  | 'policyId'
  | 'isDefault'
>;

/** `self.account` is bound to the licensor owner's individual account: payments go there (DOMAIN §7.3 step 4). */
function declarations(terms: ContractTerms, payeeAccountId: string): string {
  return JSON.stringify({
    envArgs: [{ name: 'self.account', accountId: payeeAccountId, ownerName: terms.licensorOwnerName }],
  });
}

function newContractRow(terms: ContractTerms, payeeAccountId: string, now: Date): ContractRow {
  const at = now.toISOString();
  // The state fields are placeholders: writeStateEntry sets them in the same transaction.
  return {
    ...terms,
    contractId: newHex24(now),
    status: ContractStatus.InForce,
    authStatus: ContractAuthStatus.None,
    fsmCurrentState: '',
    fsmCurrentStateColors: '[]',
    fsmStateEnterDate: at,
    stateEntryRecordId: '',
    fsmDeclarations: declarations(terms, payeeAccountId),
    fsmRunningStatus: FsmRunningStatus.Running,
    createDate: at,
    updateDate: at,
  };
}

/** Inserts the row unless a live contract took its slot meanwhile (false then); nothing else is undone. */
async function insertUnlessTaken(repo: ContractRepo, row: ContractRow): Promise<boolean> {
  await sql`savepoint contract_signing`.execute(repo.db);
  try {
    await repo.insertContract(row);
  } catch (error) {
    await sql`rollback to savepoint contract_signing`.execute(repo.db);
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  await sql`release savepoint contract_signing`.execute(repo.db);
  return true;
}

/**
 * The live contract of these terms, signed now under the policy's state machine `fsm` if there is
 * none; `repo` must work inside a transaction.
 */
export async function signContract(
  repo: ContractRepo,
  { terms, fsm, payeeAccountId = '' }: { terms: ContractTerms; fsm: PolicyFsm; payeeAccountId?: string },
  now: Date,
  utcOffsetMinutes: number,
): Promise<ContractRow> {
  if (!repo.db.isTransaction) throw new Error('contracts are signed inside a transaction');
  const live = await repo.findLive(terms);
  if (live) return live;
  let row: ContractRow = newContractRow(terms, payeeAccountId, now);
  while (!(await insertUnlessTaken(repo, row))) {
    const winner = await repo.findLive(terms);
    if (winner) return winner;
    // Not this policy's slot, so the default's: a parallel signing made another contract the default.
    if (row.isDefault === 0)
      throw new Error(`contract slot of policy ${terms.policyId} taken, but no live contract found`);
    row = { ...row, isDefault: 0 };
  }
  return writeStateEntry(repo, row, initContract(fsm, now, utcOffsetMinutes), now);
}
