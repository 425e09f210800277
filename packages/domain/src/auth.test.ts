import { describe, expect, it } from 'vitest';
import { AuthCode, contractsVerdict, grantsFormalAuth, isAuthorizedCode } from './auth';

const contract = (status: number, authStatus: number) => ({ status, authStatus });

describe('auth verdicts over contracts (DOMAIN §5.3)', () => {
  it('counts only in-force contracts with the formal bit', () => {
    expect(grantsFormalAuth(contract(0, 1))).toBe(true);
    expect(grantsFormalAuth(contract(0, 3))).toBe(true);
    expect(grantsFormalAuth(contract(0, 2))).toBe(false);
    expect(grantsFormalAuth(contract(0, 128))).toBe(false);
    expect(grantsFormalAuth(contract(2, 1))).toBe(false);
    expect(grantsFormalAuth(contract(1, 1))).toBe(false);
  });

  it('answers 200, 301, 304, 306 or the code for no contract', () => {
    expect(contractsVerdict([contract(1, 128), contract(0, 1)], AuthCode.ContractIncomplete)).toBe(200);
    expect(contractsVerdict([contract(0, 128), contract(2, 1)], AuthCode.ContractIncomplete)).toBe(301);
    expect(contractsVerdict([contract(0, 2)], AuthCode.ContractIncomplete)).toBe(301);
    expect(contractsVerdict([contract(1, 128), contract(1, 128)], AuthCode.ContractIncomplete)).toBe(304);
    expect(contractsVerdict([contract(1, 128), contract(2, 1)], AuthCode.ContractIncomplete)).toBe(306);
    expect(contractsVerdict([], AuthCode.ContractIncomplete)).toBe(307);
    expect(contractsVerdict([], AuthCode.ContractNotFound)).toBe(303);
  });

  it('is authorised for codes 200–299 only', () => {
    expect([200, 203, 299, 300, 301, 199].map(isAuthorizedCode)).toEqual([true, true, true, false, false, false]);
  });
});
