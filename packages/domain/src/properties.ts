// Custom property descriptors (DOMAIN §2.6, §8), shared by objects and, later, resource versions.
// The route schema bounds the counts and lengths; these checks are the rules between fields.
import type { FieldIssue } from './api';
import { validate } from './validation';

export const DESCRIPTOR_TYPES = ['readonlyText', 'editableText', 'select', 'radio', 'checkbox'] as const;
export type DescriptorTypeInput = (typeof DESCRIPTOR_TYPES)[number];
/** `radio` and `checkbox` are read as `select`. */
export type DescriptorType = 'readonlyText' | 'editableText' | 'select';

export const PROPERTY_LIMITS = {
  descriptors: 30,
  keyLength: 30,
  nameLength: 50,
  defaultValueLength: 140,
  candidates: 30,
  remarkLength: 50,
} as const;

export type DescriptorInput = {
  key: string;
  name?: string;
  defaultValue?: string;
  type: DescriptorTypeInput;
  candidateItems?: string[];
  remark?: string;
};

export type PropertyDescriptor = {
  key: string;
  name: string;
  defaultValue: string;
  type: DescriptorType;
  candidateItems: string[];
  remark: string;
};

function storedType(type: DescriptorTypeInput): DescriptorType {
  return type === 'radio' || type === 'checkbox' ? 'select' : type;
}

function issuesOf(descriptor: DescriptorInput, field: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const keyFailure = validate('customKey', descriptor.key);
  if (keyFailure) issues.push({ field: `${field}.key`, ...keyFailure });
  if (storedType(descriptor.type) === 'select') {
    const candidates = descriptor.candidateItems ?? [];
    if (candidates.length < 1 || candidates.length > PROPERTY_LIMITS.candidates) {
      issues.push({
        field: `${field}.candidateItems`,
        code: 'candidates',
        messageKey: 'storage.param.candidateCount',
        params: { max: PROPERTY_LIMITS.candidates },
      });
    } else if (new Set(candidates).size !== candidates.length) {
      issues.push({ field: `${field}.candidateItems`, code: 'unique', messageKey: 'storage.param.candidateTwice' });
    } else if (!candidates.includes(descriptor.defaultValue ?? '')) {
      issues.push({
        field: `${field}.defaultValue`,
        code: 'candidate',
        messageKey: 'storage.param.defaultNotCandidate',
      });
    }
  }
  return issues;
}

/** The problems of a descriptor list, each naming its field (`customPropertyDescriptors.2.key`). */
export function descriptorIssues(
  descriptors: readonly DescriptorInput[],
  field = 'customPropertyDescriptors',
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  descriptors.forEach((descriptor, index) => {
    issues.push(...issuesOf(descriptor, `${field}.${index}`));
    if (seen.has(descriptor.key))
      issues.push({
        field: `${field}.${index}.key`,
        code: 'unique',
        messageKey: 'storage.param.keyTwice',
        params: { key: descriptor.key },
      });
    seen.add(descriptor.key);
  });
  return issues;
}

/** The stored form of valid descriptors: every field present, candidates only for `select`. */
export function normalizeDescriptors(descriptors: readonly DescriptorInput[]): PropertyDescriptor[] {
  return descriptors.map((descriptor) => {
    const type = storedType(descriptor.type);
    return {
      key: descriptor.key,
      name: descriptor.name ?? '',
      defaultValue: descriptor.defaultValue ?? '',
      type,
      candidateItems: type === 'select' ? [...(descriptor.candidateItems ?? [])] : [],
      remark: descriptor.remark ?? '',
    };
  });
}

/** `customProperty`: key → default value (DOMAIN §2.6). */
export function customPropertyOf(descriptors: readonly PropertyDescriptor[]): Record<string, string> {
  return Object.fromEntries(descriptors.map((descriptor) => [descriptor.key, descriptor.defaultValue]));
}
