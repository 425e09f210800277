// Contract enumerations (SPEC §3.5, API.md §1.12, DOMAIN §8) and the display state of SPEC §4.

export const ContractPartyIdentityType = { Resource: 1, Node: 2, Consumer: 3 } as const;
export type ContractPartyIdentityType = (typeof ContractPartyIdentityType)[keyof typeof ContractPartyIdentityType];

export const SubjectType = { Resource: 1, Exhibit: 2, User: 3 } as const;
export type SubjectType = (typeof SubjectType)[keyof typeof SubjectType];

/**
 * SPEC §3.5 repeats the reference client's names (pending 0, authorized 1, stopped 2); API.md §1.12
 * and SPEC §4's own display mapping show what the values mean, so they are named by meaning here.
 */
export const ContractStatus = { InForce: 0, Terminated: 1, Exception: 2 } as const;
export type ContractStatus = (typeof ContractStatus)[keyof typeof ContractStatus];

/** Bit flags: 1 formal, 2 test, 3 both, 4 label; 128 means no authorisation. */
export const ContractAuthStatus = { Formal: 1, Test: 2, Both: 3, Label: 4, None: 128 } as const;
export type ContractAuthStatus = (typeof ContractAuthStatus)[keyof typeof ContractAuthStatus];

export type ContractDisplayState = 'active' | 'testActive' | 'inactive' | 'terminal' | 'exception';

export function contractDisplayState(status: number, authStatus: number): ContractDisplayState {
  if (status === ContractStatus.Terminated) return 'terminal';
  if (status !== ContractStatus.InForce) return 'exception';
  switch (authStatus) {
    case ContractAuthStatus.Formal:
    case ContractAuthStatus.Both:
      return 'active';
    case ContractAuthStatus.Test:
      return 'testActive';
    case ContractAuthStatus.None:
      return 'inactive';
    default:
      return 'exception';
  }
}

/** DOMAIN §2.13: 4 running, 8 finished (the reference's other values never occur in Tessera). */
export const FsmRunningStatus = { Running: 4, Finished: 8 } as const;
export type FsmRunningStatus = (typeof FsmRunningStatus)[keyof typeof FsmRunningStatus];

/**
 * The UI list grouping of DOMAIN §2.13 (`displayStatus=0|1|2` on list calls): pending = in force but
 * not authorised, authorized = authorised formally or for tests, stopped = ended or exception.
 */
export const ContractDisplayGroup = { Pending: 0, Authorized: 1, Stopped: 2 } as const;
export type ContractDisplayGroup = (typeof ContractDisplayGroup)[keyof typeof ContractDisplayGroup];

export function contractDisplayGroup(state: ContractDisplayState): ContractDisplayGroup {
  switch (state) {
    case 'inactive':
      return ContractDisplayGroup.Pending;
    case 'active':
    case 'testActive':
      return ContractDisplayGroup.Authorized;
    case 'terminal':
    case 'exception':
      return ContractDisplayGroup.Stopped;
  }
}
