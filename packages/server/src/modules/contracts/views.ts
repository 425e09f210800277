// A contract row as the wire shows it (DOMAIN §2.13, ContractWire).
import type { ContractWire } from '@tessera/contract/contracts';
import { ContractAuthStatus } from '@tessera/domain';
import type { ContractRow } from './repo';

type EnvArg = ContractWire['fsmDeclarations']['envArgs'][number];

export function parseJsonOr<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function contractWire(row: ContractRow): ContractWire {
  return {
    contractId: row.contractId,
    contractName: row.contractName,
    subjectId: row.subjectId,
    subjectName: row.subjectName,
    subjectType: row.subjectType,
    licensorId: row.licensorId,
    licensorName: row.licensorName,
    licensorOwnerId: row.licensorOwnerId,
    licensorOwnerName: row.licensorOwnerName,
    licenseeId: row.licenseeId,
    licenseeName: row.licenseeName,
    licenseeOwnerId: row.licenseeOwnerId,
    licenseeOwnerName: row.licenseeOwnerName,
    licenseeIdentityType: row.licenseeIdentityType,
    policyId: row.policyId,
    isDefault: row.isDefault,
    status: row.status,
    authStatus: row.authStatus,
    isAuth: (row.authStatus & ContractAuthStatus.Formal) !== 0 && row.authStatus !== ContractAuthStatus.None,
    isTestAuth: (row.authStatus & ContractAuthStatus.Test) !== 0 && row.authStatus !== ContractAuthStatus.None,
    fsmCurrentState: row.fsmCurrentState,
    fsmCurrentStateColors: parseJsonOr<string[]>(row.fsmCurrentStateColors, []),
    fsmStateEnterDate: row.fsmStateEnterDate,
    fsmDeclarations: { envArgs: parseJsonOr<{ envArgs?: EnvArg[] }>(row.fsmDeclarations, {}).envArgs ?? [] },
    fsmRunningStatus: row.fsmRunningStatus,
    createDate: row.createDate,
    updateDate: row.updateDate,
  };
}
