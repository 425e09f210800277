// Reading the fields of the resource calls (DOMAIN §2.5, §8); each problem is a field issue (errCode 4).
import {
  COLLECTION_TYPE_CODE,
  isHex24,
  isImageAddress,
  isPlainText,
  isResourceName,
  resolveResourceType,
  resolveResourceTypePath,
  ResourceSubjectType,
  SITE_IMAGE_ADDRESS,
  type ResolvedResourceType,
} from '@tessera/domain';
import { badParam, type FieldIssue } from '../../platform/errors';
import { decodePolicyText } from '../policies';
import type { PolicyInputBody } from '@tessera/contract/resources';

export const TITLE_MAX_LENGTH = 100;
export const TAG_MAX_LENGTH = 20;
export const POLICY_NAME_MIN_LENGTH = 2;
export const POLICY_NAME_MAX_LENGTH = 20;
export const MAX_BINDINGS_PER_RESOURCE = 100;
export const FREEZE_REASON_MAX_LENGTH = 200;

const length = (text: string): number => [...text].length;

export function nameParam(name: string, issues: FieldIssue[], field = 'name'): string | undefined {
  if (isResourceName(name)) return name;
  issues.push({ field, code: 'pattern', messageKey: 'validation.resourceName' });
  return undefined;
}

/** Trimmed; '' becomes the default (the name). Plain text only. */
export function titleParam(
  title: string | undefined,
  fallback: string,
  issues: FieldIssue[],
  field = 'resourceTitle',
): string {
  const trimmed = (title ?? '').trim();
  if (!isPlainText(trimmed)) issues.push({ field, code: 'pattern', messageKey: 'validation.plainText' });
  return trimmed === '' ? fallback : trimmed;
}

export function introParam(intro: string, issues: FieldIssue[], field = 'intro'): string {
  if (!isPlainText(intro)) issues.push({ field, code: 'pattern', messageKey: 'validation.plainText' });
  return intro.trim();
}

/** The covers that name an image of this site (`/images/{sha1}.{ext}`), with their index. */
export function siteCovers(covers: readonly string[]): { index: number; sha1: string; ext: string }[] {
  return covers.flatMap((address, index) => {
    const match = SITE_IMAGE_ADDRESS.exec(address);
    return match ? [{ index, sha1: match[1] ?? '', ext: match[2] ?? '' }] : [];
  });
}

export function coverImagesParam(covers: readonly string[], issues: FieldIssue[]): string[] {
  covers.forEach((address, index) => {
    if (!isImageAddress(address.trim()))
      issues.push({ field: `coverImages.${index}`, code: 'pattern', messageKey: 'resources.param.coverImage' });
  });
  return covers.map((address) => address.trim());
}

/** Trimmed, 1–20 characters each, repeats dropped; tags only administrators may attach are refused. */
export function tagsParam(tags: readonly string[], adminOnly: ReadonlySet<string>, issues: FieldIssue[]): string[] {
  const result: string[] = [];
  tags.forEach((raw, index) => {
    const tag = raw.trim();
    const field = `tags.${index}`;
    if (tag === '' || length(tag) > TAG_MAX_LENGTH)
      issues.push({ field, code: 'length', messageKey: 'resources.param.tagLength', params: { max: TAG_MAX_LENGTH } });
    else if (adminOnly.has(tag))
      issues.push({ field, code: 'reserved', messageKey: 'resources.param.tagReserved', params: { tag } });
    else if (!result.includes(tag)) result.push(tag);
  });
  return result;
}

export type TypeInput = { resourceTypeCode?: string; resourceTypeName?: string; resourceType?: string[] };

/** The type from a code (plus an optional custom name) or from the 2022 path. */
export function typeParam(input: TypeInput, issues: FieldIssue[]): ResolvedResourceType | undefined {
  if (input.resourceTypeCode !== undefined && input.resourceTypeCode !== '') {
    const resolved = resolveResourceType(input.resourceTypeCode, input.resourceTypeName);
    if (resolved) return resolved;
    const knownCode = resolveResourceType(input.resourceTypeCode) !== null;
    issues.push(
      knownCode
        ? { field: 'resourceTypeName', code: 'pattern', messageKey: 'resources.param.resourceTypeName' }
        : { field: 'resourceTypeCode', code: 'enum', messageKey: 'resources.param.resourceTypeCode' },
    );
    return undefined;
  }
  if (input.resourceType !== undefined) {
    const resolved = resolveResourceTypePath(input.resourceType);
    if (resolved) return resolved;
    issues.push({ field: 'resourceType', code: 'pattern', messageKey: 'resources.param.resourceTypePath' });
    return undefined;
  }
  issues.push({ field: 'resourceTypeCode', code: 'required', messageKey: 'errors.param.required' });
  return undefined;
}

export type PolicyRequest = { policyName: string; policyText: string; status: 0 | 1; field: string };

/** Decoded texts and trimmed names, 2–20 characters, no name twice in the request (any case). */
export function policyRequests(
  policies: readonly PolicyInputBody[],
  fieldPrefix: string,
  issues: FieldIssue[],
): PolicyRequest[] {
  const seen = new Set<string>();
  const requests: PolicyRequest[] = [];
  policies.forEach((policy, index) => {
    const field = `${fieldPrefix}.${index}`;
    const policyName = policy.policyName.trim();
    const nameLength = length(policyName);
    if (nameLength < POLICY_NAME_MIN_LENGTH || nameLength > POLICY_NAME_MAX_LENGTH) {
      issues.push({
        field: `${field}.policyName`,
        code: 'length',
        messageKey: 'resources.param.policyNameLength',
        params: { min: POLICY_NAME_MIN_LENGTH, max: POLICY_NAME_MAX_LENGTH },
      });
    } else if (seen.has(policyName.toLowerCase())) {
      issues.push({
        field: `${field}.policyName`,
        code: 'unique',
        messageKey: 'resources.param.policyNameTwice',
        params: { name: policyName },
      });
    }
    seen.add(policyName.toLowerCase());
    const policyText = decodePolicyText(policy.policyText, `${field}.policyText`, issues);
    requests.push({
      policyName,
      policyText: policyText ?? '',
      status: policy.status === 0 ? 0 : 1,
      field: `${field}.policyText`,
    });
  });
  return requests;
}

export function resourceIdParam(resourceId: string, issues: FieldIssue[], field = 'resourceId'): string | undefined {
  if (isHex24(resourceId)) return resourceId;
  issues.push({ field, code: 'pattern', messageKey: 'resources.param.resourceId' });
  return undefined;
}

/** A comma list (or an array), trimmed, without empties and repeats. */
export function listOf(value: string | readonly string[] | undefined): string[] {
  if (value === undefined) return [];
  const items = typeof value === 'string' ? value.split(',') : value;
  return [...new Set(items.map((item) => item.trim()).filter((item) => item !== ''))];
}

/** A collection (DOMAIN §2.11) is a resource of type `catalog`; subjectType says the same. */
export function subjectTypeParam(
  requested: number | undefined,
  resourceType: readonly string[] | undefined,
  issues: FieldIssue[],
): number {
  const isCollection = resourceType?.[0] === COLLECTION_TYPE_CODE;
  const derived = isCollection ? ResourceSubjectType.Collection : ResourceSubjectType.Ordinary;
  if (requested === undefined || requested === derived) return derived;
  const known = requested === ResourceSubjectType.Ordinary || requested === ResourceSubjectType.Collection;
  issues.push(
    known
      ? { field: 'subjectType', code: 'mismatch', messageKey: 'resources.param.subjectTypeMismatch' }
      : { field: 'subjectType', code: 'enum', messageKey: 'errors.param.enum', params: { allowedValues: '1, 4' } },
  );
  return derived;
}

/** An operator's reason for freezing (required) or unfreezing (optional), ≤ 200 characters. */
export function freezeReasonParam(reason: string | undefined, required: boolean): string {
  const trimmed = (reason ?? '').trim();
  if (required && trimmed === '') throw badParam('reason', 'required', 'errors.param.required');
  if ([...trimmed].length > FREEZE_REASON_MAX_LENGTH)
    throw badParam('reason', 'maxLength', 'errors.param.maxLength', { limit: FREEZE_REASON_MAX_LENGTH });
  return trimmed;
}
