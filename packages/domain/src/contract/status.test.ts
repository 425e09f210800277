import { describe, expect, it } from 'vitest';
import {
  ContractAuthStatus,
  ContractPartyIdentityType,
  ContractStatus,
  SubjectType,
  contractDisplayGroup,
  contractDisplayState,
  FsmRunningStatus,
} from './status';

describe('contractDisplayState', () => {
  it.each([
    [0, 1, 'active'],
    [0, 3, 'active'],
    [0, 2, 'testActive'],
    [0, 128, 'inactive'],
    [0, 0, 'exception'],
    [0, 4, 'exception'],
    [0, 5, 'exception'],
    [0, 129, 'exception'],
    [1, 1, 'terminal'],
    [1, 2, 'terminal'],
    [1, 128, 'terminal'],
    [1, 0, 'terminal'],
    [2, 1, 'exception'],
    [2, 128, 'exception'],
    [3, 1, 'exception'],
    [-1, 1, 'exception'],
  ] as const)('status %i, authStatus %i → %s', (status, authStatus, expected) => {
    expect(contractDisplayState(status, authStatus)).toBe(expected);
  });
});

describe('contract enumerations', () => {
  it.each([
    [ContractPartyIdentityType, { Resource: 1, Node: 2, Consumer: 3 }],
    [SubjectType, { Resource: 1, Exhibit: 2, User: 3 }],
    [ContractStatus, { InForce: 0, Terminated: 1, Exception: 2 }],
    [ContractAuthStatus, { Formal: 1, Test: 2, Both: 3, Label: 4, None: 128 }],
    [FsmRunningStatus, { Running: 4, Finished: 8 }],
  ])('%j', (actual, expected) => {
    expect(actual).toEqual(expected);
  });
});

describe('contractDisplayGroup (the list filter displayStatus=0|1|2)', () => {
  it.each([
    ['inactive', 0],
    ['active', 1],
    ['testActive', 1],
    ['terminal', 2],
    ['exception', 2],
  ] as const)('%s → %i', (state, group) => {
    expect(contractDisplayGroup(state)).toBe(group);
  });
});
