// Policy bindings of a resource (DOMAIN §2.12): added under a name, enabled or disabled, renamed;
// never edited in place or deleted. The plan checks a whole request against the stored bindings and
// says what to write; the rules of its end state (online needs an enabled policy) belong to the status.
import { ErrCode, type Language } from '@tessera/domain';
import { AppError, BadParamsError, type FieldIssue } from '../../platform/errors';
import type { CompiledPolicyRecord, PolicyCatalog } from '../policies';
import { MAX_BINDINGS_PER_RESOURCE, type PolicyRequest } from './inputs';
import type { BindingRow } from './repo';

export type NewBinding = { policyId: string; policyName: string; status: 0 | 1 };
export type BindingChange = { policyId: string; status?: 0 | 1; policyName?: string };

export type BindingPlan = {
  inserts: (NewBinding & { sortNo: number })[];
  updates: { policyId: string; status: number; policyName: string }[];
  /** The bindings as they will be. */
  final: { policyId: string; policyName: string; status: number }[];
};

const nameKey = (name: string): string => name.toLowerCase();

/**
 * Adds then changes. A name already used on the resource (any case), a policy bound twice, an
 * unknown policy id and more than 100 bindings are business errors (errCode 2).
 */
export function planBindings(
  existing: readonly Pick<BindingRow, 'policyId' | 'policyName' | 'status' | 'sortNo'>[],
  adds: readonly NewBinding[],
  changes: readonly BindingChange[],
): BindingPlan {
  const final = existing.map((binding) => ({
    policyId: binding.policyId,
    policyName: binding.policyName,
    status: binding.status,
  }));
  const nameTaken = (name: string, except?: string): boolean =>
    final.some((binding) => binding.policyId !== except && nameKey(binding.policyName) === nameKey(name));
  let sortNo = existing.reduce((max, binding) => Math.max(max, binding.sortNo), 0);
  const inserts: BindingPlan['inserts'] = [];
  for (const add of adds) {
    const bound = final.find((binding) => binding.policyId === add.policyId);
    if (bound)
      throw new AppError(
        ErrCode.Business,
        'resources.policyAlreadyBound',
        { policyId: add.policyId },
        { name: bound.policyName },
      );
    if (nameTaken(add.policyName))
      throw new AppError(
        ErrCode.Business,
        'resources.policyNameTaken',
        { policyName: add.policyName },
        { name: add.policyName },
      );
    sortNo += 1;
    inserts.push({ ...add, sortNo });
    final.push({ ...add });
  }
  if (final.length > MAX_BINDINGS_PER_RESOURCE)
    throw new AppError(ErrCode.Business, 'resources.tooManyPolicies', null, { limit: MAX_BINDINGS_PER_RESOURCE });

  const updates = new Map<string, BindingPlan['updates'][number]>();
  for (const change of changes) {
    const binding = final.find((item) => item.policyId === change.policyId);
    if (!binding) throw new AppError(ErrCode.Business, 'resources.policyNotBound', { policyId: change.policyId });
    if (change.policyName !== undefined && nameTaken(change.policyName, change.policyId)) {
      throw new AppError(
        ErrCode.Business,
        'resources.policyNameTaken',
        { policyName: change.policyName },
        { name: change.policyName },
      );
    }
    binding.status = change.status ?? binding.status;
    binding.policyName = change.policyName ?? binding.policyName;
    const inserted = inserts.find((item) => item.policyId === change.policyId);
    if (inserted) Object.assign(inserted, { status: binding.status, policyName: binding.policyName });
    else
      updates.set(change.policyId, {
        policyId: change.policyId,
        status: binding.status,
        policyName: binding.policyName,
      });
  }
  return { inserts, updates: [...updates.values()], final };
}

export function enabledCount(bindings: readonly { status: number }[]): number {
  return bindings.filter((binding) => binding.status === 1).length;
}

/**
 * Compiles the texts of a subject's new bindings (errCode 4 with positions); the same policy twice in
 * one request is errCode 4 too. Resources and exhibits bind policies alike.
 */
export function compileBindings(
  catalog: PolicyCatalog,
  requests: readonly PolicyRequest[],
  subjectType: Parameters<PolicyCatalog['compileAll']>[1],
  language: Language,
): { compiled: CompiledPolicyRecord[]; bindings: NewBinding[] } {
  const inputs = requests.map((request) => ({
    text: request.policyText,
    field: request.field,
    label: request.policyName,
  }));
  const compiled = catalog.compileAll(inputs, subjectType, language);
  const issues: FieldIssue[] = [];
  const seen = new Map<string, string>();
  compiled.forEach((record, index) => {
    const request = requests[index] as PolicyRequest;
    const earlier = seen.get(record.policyId);
    if (earlier !== undefined)
      issues.push({
        field: request.field,
        code: 'unique',
        messageKey: 'resources.param.policyTwice',
        params: { name: earlier },
      });
    seen.set(record.policyId, request.policyName);
  });
  if (issues.length > 0) throw new BadParamsError(issues);
  return {
    compiled,
    bindings: compiled.map((record, index) => {
      const request = requests[index] as PolicyRequest;
      return { policyId: record.policyId, policyName: request.policyName, status: request.status };
    }),
  };
}
