// Helpers of the contract tests (tests only): wire fixtures typed by the contract, and the test server's
// contract calls answered from a list by the rules of the contracts module's reads.
import { contractDisplayGroup, contractDisplayState } from '@tessera/domain';
import type { ContractWire, TransitionRecordWire } from '@tessera/contract/contracts';
import { envelope, type RecordedRequest, type TestServer } from '../../testing/test-server';
import { ALICE, pageOf } from '../resources/testing';

export const BOB = 10002;
/** alice's resource (the owner's editor tests' RESOURCE_ID). */
export const ALICE_RESOURCE = '6650a1c2e4b0f3d9000a0001';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let nextId = 1;
const hexId = () => `6650c0c2e4b0f3d9${(nextId++).toString(16).padStart(8, '0')}`;

/** A trial: authorized for 7 days, then expired until paid; paying at any time gives a permanent licence. */
export const TRIAL_POLICY = `for public
initial[active]:
  ~freelog.RelativeTimeEvent("7","day") => expired
  ~freelog.TransactionEvent("10","self.account") => paid
expired:
  ~freelog.TransactionEvent("10","self.account") => paid
paid[active]:
  terminate`;

/**
 * A resource → resource contract under the trial policy, signed by alice's resource on bob's (alice is
 * the licensee); in state `initial` since 4 days and an hour ago, so the trial ends in 3 days.
 */
export function contractWire(overrides: Partial<ContractWire> = {}): ContractWire {
  const entered = new Date(Date.now() - 4 * DAY + HOUR).toISOString();
  return {
    contractId: hexId(),
    contractName: '试用七天',
    subjectId: '6650a1c2e4b0f3d9000b0001',
    subjectName: 'bob/底图',
    subjectType: 1,
    licensorId: '6650a1c2e4b0f3d9000b0001',
    licensorName: 'bob/底图',
    licensorOwnerId: BOB,
    licensorOwnerName: 'bob',
    licenseeId: ALICE_RESOURCE,
    licenseeName: 'alice/晨雾',
    licenseeOwnerId: ALICE,
    licenseeOwnerName: 'alice',
    licenseeIdentityType: 1,
    policyId: 'd'.repeat(32),
    isDefault: 0,
    status: 0,
    authStatus: 1,
    isAuth: true,
    isTestAuth: false,
    fsmCurrentState: 'initial',
    fsmCurrentStateColors: ['active'],
    fsmStateEnterDate: entered,
    fsmDeclarations: { envArgs: [{ name: 'self.account', accountId: '', ownerName: 'bob' }] },
    fsmRunningStatus: 4,
    createDate: entered,
    updateDate: entered,
    ...overrides,
  };
}

/** ALICE_RESOURCE's contract with carol's resource: alice is the licensor. */
export function grantedContract(overrides: Partial<ContractWire> = {}): ContractWire {
  return contractWire({
    subjectId: ALICE_RESOURCE,
    subjectName: 'alice/晨雾',
    licensorId: ALICE_RESOURCE,
    licensorName: 'alice/晨雾',
    licensorOwnerId: ALICE,
    licensorOwnerName: 'alice',
    licenseeId: '6650a1c2e4b0f3d9000c0001',
    licenseeName: 'carol/海报',
    licenseeOwnerId: 10003,
    licenseeOwnerName: 'carol',
    ...overrides,
  });
}

/** The contract as GET /v2/contracts/{id}?isLoadPolicyInfo=1 answers it (the trial policy by default). */
export function withPolicy(contract: ContractWire, policyText = TRIAL_POLICY): ContractWire {
  return { ...contract, policyInfo: { policyId: contract.policyId, policyText, subjectType: contract.subjectType } };
}

/** The contract's first record: signed, it entered `initial` (the server adds `translation` with isTranslate=1). */
export function signingRecord(contract: ContractWire, translation?: string): TransitionRecordWire {
  return {
    recordId: hexId(),
    contractId: contract.contractId,
    fromState: '_none_',
    toState: 'initial',
    eventId: 'init',
    eventInfo: { code: 'init', name: 'init', args: {} },
    createDate: contract.createDate,
    ...(translation === undefined ? {} : { translation }),
  };
}

export function recordWire(contract: ContractWire, overrides: Partial<TransitionRecordWire>): TransitionRecordWire {
  return { ...signingRecord(contract), ...overrides, recordId: hexId() };
}

/** GET /v2/contracts by the reads' rules: alice's side, the display group, words, licensor or licensee id. */
function contractPage(all: ContractWire[], request: RecordedRequest) {
  const query = request.query;
  const side = query.get('identityType') === '1' ? 'licensorOwnerId' : 'licenseeOwnerId';
  const groups = query.get('displayStatus')?.split(',');
  const words = query.get('keywords')?.toLowerCase();
  const matches = all.filter(
    (contract) =>
      contract[side] === ALICE &&
      (!groups ||
        groups.includes(String(contractDisplayGroup(contractDisplayState(contract.status, contract.authStatus))))) &&
      (!words ||
        [contract.contractName, contract.subjectName, contract.licensorName, contract.licenseeName].some((name) =>
          name.toLowerCase().includes(words),
        )) &&
      (!query.get('licensorId') || contract.licensorId === query.get('licensorId')) &&
      (!query.get('licenseeId') || contract.licenseeId === query.get('licenseeId')),
  );
  return pageOf(matches, request);
}

export interface ContractCalls {
  contracts: ContractWire[];
  /** Records by contract id, oldest first. */
  records?: Record<string, TransitionRecordWire[]>;
}

/**
 * Answers GET /v2/contracts, /v2/contracts/{id} (errCode 2 for another's or an unknown contract) and
 * /v2/contracts/{id}/transitionRecords from `calls`, which the test may change between calls.
 */
export function routeContracts(server: TestServer, calls: ContractCalls): void {
  server.route('/v2/contracts', (request) => contractPage(calls.contracts, request));
  server.route('/v2/contracts/*', (request) => {
    const [contractId = '', part] = request.path.slice('/v2/contracts/'.length).split('/');
    const contract = calls.contracts.find((item) => item.contractId === contractId);
    if (!contract) return { body: envelope(null, { errCode: 2, msg: '合约不存在' }) };
    if (part === 'transitionRecords') return pageOf(calls.records?.[contractId] ?? [], request);
    return { body: envelope(withPolicy(contract)) };
  });
}
