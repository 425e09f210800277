// Reading the fields of the exhibit writes (DOMAIN §2.17, §2.18, §3.4; SPEC §5): each problem is a field
// issue (errCode 4) or, for rules about stored things, a business error (errCode 2).
import { ErrCode, isCustomKey, isExhibitName, isPlainText, normalizeVersion } from '@tessera/domain';
import type { RewritePropertyWire } from '@tessera/contract/exhibits';
import { AppError, badParam, BadParamsError, type FieldIssue } from '../../platform/errors';

export const TITLE_MAX_LENGTH = 100;
export const INTRO_MAX_LENGTH = 140;
export const MAX_POLICIES_PER_RESOLVED_RESOURCE = 10;
export const MAX_REWRITE_PROPERTIES = 30;

/** A resource the exhibit resolves and the policies to hold node contracts under. */
export type ContractChoice = { resourceId: string; policyIds: string[] };

const length = (text: string): number => [...text].length;

export function throwIssues(issues: readonly FieldIssue[]): void {
  if (issues.length > 0) throw new BadParamsError(issues);
}

export function exhibitNameParam(name: string, issues: FieldIssue[], field = 'presentableName'): string {
  const trimmed = name.trim();
  if (!isExhibitName(trimmed)) issues.push({ field, code: 'pattern', messageKey: 'validation.exhibitName' });
  return trimmed;
}

/** Plain text, trimmed, at most `max` characters. */
export function plainTextParam(text: string, field: string, max: number, issues: FieldIssue[]): string {
  const trimmed = text.trim();
  if (!isPlainText(trimmed)) issues.push({ field, code: 'pattern', messageKey: 'validation.plainText' });
  else if (length(trimmed) > max)
    issues.push({ field, code: 'length', messageKey: 'exhibits.param.tooLong', params: { max } });
  return trimmed;
}

export function versionParam(version: string | undefined): string {
  const normalized = normalizeVersion(version ?? '');
  if (normalized === null) throw badParam('version', 'pattern', 'exhibits.param.version');
  return normalized;
}

/**
 * The two forms of the node contracts to sign (API.md §3.3): the 2022 `resolveResources` and the
 * reference client's `batchSignContracts`. Each resource once, 1–10 distinct policies each.
 */
export function contractChoices(body: {
  resolveResources?: { resourceId: string; contracts: { policyId: string }[] }[];
  batchSignContracts?: { resourceId: string; policyIds: string[] }[];
}): ContractChoice[] {
  const field = body.resolveResources ? 'resolveResources' : 'batchSignContracts';
  const choices: ContractChoice[] = body.resolveResources
    ? body.resolveResources.map((item) => ({
        resourceId: item.resourceId,
        policyIds: item.contracts.map((contract) => contract.policyId),
      }))
    : (body.batchSignContracts ?? []).map((item) => ({ resourceId: item.resourceId, policyIds: item.policyIds }));
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  choices.forEach((choice, index) => {
    if (seen.has(choice.resourceId))
      issues.push({
        field: `${field}.${index}.resourceId`,
        code: 'unique',
        messageKey: 'exhibits.param.resourceTwice',
      });
    seen.add(choice.resourceId);
    const policies = new Set(choice.policyIds);
    if (policies.size !== choice.policyIds.length || policies.size < 1)
      issues.push({ field: `${field}.${index}`, code: 'unique', messageKey: 'exhibits.param.policyTwice' });
    if (policies.size > MAX_POLICIES_PER_RESOLVED_RESOURCE)
      issues.push({
        field: `${field}.${index}`,
        code: 'maxItems',
        messageKey: 'errors.param.maxItems',
        params: { limit: MAX_POLICIES_PER_RESOLVED_RESOURCE },
      });
  });
  throwIssues(issues);
  return choices;
}

/**
 * Checks the chosen policies against the resources' enabled bindings: every choice names a resource
 * the exhibit resolves (`allowed`), and when `exact`, every one of them is chosen.
 */
export function checkChoices(
  choices: readonly ContractChoice[],
  allowed: ReadonlyMap<string, ReadonlySet<string>>,
  exact: boolean,
): void {
  const chosen = new Set(choices.map((choice) => choice.resourceId));
  const missing = [...allowed.keys()].filter((resourceId) => !chosen.has(resourceId));
  const extra = [...chosen].filter((resourceId) => !allowed.has(resourceId));
  if (extra.length > 0 || (exact && missing.length > 0))
    throw new AppError(ErrCode.Business, 'exhibits.resolveMismatch', { missing: exact ? missing : [], extra });
  for (const choice of choices) {
    const enabled = allowed.get(choice.resourceId) ?? new Set();
    const refused = choice.policyIds.filter((policyId) => !enabled.has(policyId));
    if (refused.length > 0)
      throw new AppError(ErrCode.Business, 'exhibits.policyNotEnabled', {
        resourceId: choice.resourceId,
        policyIds: refused,
      });
  }
}

/**
 * The rewrite list (DOMAIN §2.18): custom keys (SPEC §5), each once; keys the resource fixes (system
 * properties, read-only custom properties) cannot be rewritten.
 */
export function rewritePropertyParam(
  properties: readonly RewritePropertyWire[],
  fixedKeys: ReadonlySet<string>,
): RewritePropertyWire[] {
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  const result = properties.map((property, index) => {
    const key = property.key.trim();
    const field = `rewriteProperty.${index}.key`;
    if (!isCustomKey(key)) issues.push({ field, code: 'pattern', messageKey: 'validation.customKey' });
    else if (seen.has(key)) issues.push({ field, code: 'unique', messageKey: 'exhibits.param.keyTwice' });
    else if (fixedKeys.has(key)) issues.push({ field, code: 'enum', messageKey: 'exhibits.param.keyFixed' });
    seen.add(key);
    const value = plainTextParam(property.value, `rewriteProperty.${index}.value`, 140, issues);
    const remark = plainTextParam(property.remark, `rewriteProperty.${index}.remark`, 50, issues);
    return { key, value, remark };
  });
  if (result.length > MAX_REWRITE_PROPERTIES)
    issues.push({
      field: 'rewriteProperty',
      code: 'maxItems',
      messageKey: 'errors.param.maxItems',
      params: { limit: MAX_REWRITE_PROPERTIES },
    });
  throwIssues(issues);
  return result;
}
