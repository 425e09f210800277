import type { FormInstance, FormRule } from 'antd';
import type {
  DependencyBody,
  DescriptorBody,
  DescriptorWire,
  ObjectWire,
  UpdateObjectBody,
} from '@tessera/contract/storage';
import {
  isBucketName,
  isCustomKey,
  isResourceName,
  isUsername,
  PROPERTY_LIMITS,
  VERSION_RANGE_MAX_LENGTH,
  type DescriptorType,
  type PropertyDescriptor,
} from '@tessera/domain';
import type { Translate } from '../../../shared/i18n';

// The object editor's values, their rules (DOMAIN §2.6, §2.22, §8) and the wire form.

/** The descriptor types an editor offers (DOMAIN §2.6: radio and checkbox are read as select). */
export type EditableType = DescriptorType;
export const EDITABLE_TYPES: readonly EditableType[] = ['editableText', 'readonlyText', 'select'];

type DependencyType = DependencyBody['type'];

export interface DescriptorValues {
  key: string;
  name: string;
  type: EditableType;
  defaultValue: string;
  candidateItems: string[];
  remark: string;
}

export interface DependencyValues {
  type: DependencyType;
  name: string;
  versionRange: string;
}

export interface ObjectFormValues {
  resourceTypeCode: string | undefined;
  customPropertyDescriptors: DescriptorValues[];
  dependencies: DependencyValues[];
}

/** What the list editors read of their form: any form holding these lists (objects, resource versions). */
export type ListForm = Pick<FormInstance, 'getFieldValue'>;

const SYSTEM_BUCKET = '.UserNodeData';

export function typeCodeOf(object: Pick<ObjectWire, 'resourceTypeCode' | 'resourceType'>): string | undefined {
  return object.resourceTypeCode || object.resourceType[0] || undefined;
}

export function toFormValues(object: ObjectWire): ObjectFormValues {
  return {
    resourceTypeCode: typeCodeOf(object),
    customPropertyDescriptors: toDescriptorValues(object.customPropertyDescriptors),
    dependencies: object.dependencies.map((dependency) => ({
      type: dependency.type === 'resource' ? 'resource' : 'object',
      name: dependency.name,
      versionRange: dependency.versionRange ?? '',
    })),
  };
}

/** DOMAIN §2.6: radio and checkbox (the wire's only other types) are read as select. */
function editableTypeOf(type: string): EditableType {
  return EDITABLE_TYPES.find((editable) => editable === type) ?? 'select';
}

/** Descriptors as the editor holds them (every field present), from an answer or a request. */
export function toDescriptorValues(descriptors: readonly (DescriptorWire | DescriptorBody)[]): DescriptorValues[] {
  return descriptors.map((descriptor) => ({
    key: descriptor.key,
    name: descriptor.name ?? '',
    type: editableTypeOf(descriptor.type),
    defaultValue: descriptor.defaultValue ?? '',
    candidateItems: descriptor.candidateItems ?? [],
    remark: descriptor.remark ?? '',
  }));
}

/** The wire form of edited descriptors: trimmed, candidates only for select. */
export function toDescriptors(values: readonly DescriptorValues[]): PropertyDescriptor[] {
  return values.map((descriptor) => ({
    key: descriptor.key.trim(),
    name: descriptor.name.trim(),
    type: descriptor.type,
    defaultValue: descriptor.defaultValue,
    candidateItems: descriptor.type === 'select' ? descriptor.candidateItems : [],
    remark: descriptor.remark.trim(),
  }));
}

export function toDependencies(values: DependencyValues[]): DependencyBody[] {
  return values.map(({ type, name, versionRange }) =>
    type === 'resource' ? { type, name: name.trim(), versionRange: versionRange.trim() } : { type, name: name.trim() },
  );
}

/** What PUT /v2/storages/objects/{id} gets; the type only when it changed, so a sub-type is kept. */
export function toChanges(values: ObjectFormValues, initialTypeCode: string | undefined): UpdateObjectBody {
  const changes: UpdateObjectBody = {
    customPropertyDescriptors: toDescriptors(values.customPropertyDescriptors),
    dependencies: toDependencies(values.dependencies),
  };
  if ((values.resourceTypeCode ?? '') !== (initialTypeCode ?? ''))
    changes.resourceTypeCode = values.resourceTypeCode ?? '';
  return changes;
}

export const newDescriptor = (): DescriptorValues => ({
  key: '',
  name: '',
  type: 'editableText',
  defaultValue: '',
  candidateItems: [],
  remark: '',
});
export const newDependency = (): DependencyValues => ({ type: 'object', name: '', versionRange: '' });

/** Whether `name` has the shape its type asks for: `bucket/object` or `user/resource`. */
export function isDependencyName(type: DependencyType, name: string): boolean {
  const slash = name.indexOf('/');
  if (slash <= 0) return false;
  const owner = name.slice(0, slash);
  const item = name.slice(slash + 1);
  return type === 'object'
    ? (owner === SYSTEM_BUCKET || isBucketName(owner)) && isResourceName(item)
    : isUsername(owner) && isResourceName(item);
}

/** The same field of the other entries of a list: a key is checked again when another key changes. */
export function siblingPaths(
  list: 'customPropertyDescriptors' | 'dependencies',
  fields: readonly { name: number }[],
  index: number,
  field: string,
): (string | number)[][] {
  return fields.filter((other) => other.name !== index).map((other) => [list, other.name, field]);
}

/** A rule broken: the translation key of its message and the values in it. */
export interface Problem {
  key: string;
  params?: Record<string, string | number>;
}

export function keyProblem(key: string, otherKeys: readonly string[]): Problem | null {
  if (!isCustomKey(key)) return { key: 'validation.customKey' };
  return otherKeys.includes(key) ? { key: 'storagePage.details.rule.keyTwice', params: { key } } : null;
}

/** A select descriptor needs 1–30 choices of at most 140 characters. */
export function candidatesProblem(candidates: readonly string[]): Problem | null {
  if (candidates.length < 1 || candidates.length > PROPERTY_LIMITS.candidates) {
    return { key: 'storagePage.details.rule.candidates', params: { max: PROPERTY_LIMITS.candidates } };
  }
  const tooLong = candidates.some((candidate) => [...candidate].length > PROPERTY_LIMITS.defaultValueLength);
  return tooLong
    ? { key: 'storagePage.details.rule.maxLength', params: { max: PROPERTY_LIMITS.defaultValueLength } }
    : null;
}

/** A select descriptor's default is one of its choices. */
export function defaultValueProblem(type: EditableType, candidates: readonly string[], value: string): Problem | null {
  return type === 'select' && !candidates.includes(value)
    ? { key: 'storagePage.details.rule.defaultNotCandidate' }
    : null;
}

/** The first rule a descriptor list breaks, as the server checks it (DOMAIN §2.6), or null. */
export function descriptorsProblem(values: readonly DescriptorValues[]): Problem | null {
  const lengths: [keyof DescriptorValues, number][] = [
    ['name', PROPERTY_LIMITS.nameLength],
    ['remark', PROPERTY_LIMITS.remarkLength],
    ['defaultValue', PROPERTY_LIMITS.defaultValueLength],
  ];
  for (const [index, descriptor] of values.entries()) {
    const key = descriptor.key.trim();
    if (key === '') return { key: 'storagePage.details.rule.keyRequired' };
    const problem =
      keyProblem(
        key,
        values.filter((_, other) => other !== index).map((other) => other.key.trim()),
      ) ??
      (descriptor.type === 'select' ? candidatesProblem(descriptor.candidateItems) : null) ??
      defaultValueProblem(descriptor.type, descriptor.candidateItems, descriptor.defaultValue);
    if (problem) return problem;
    const tooLong = lengths.find(([field, max]) => [...String(descriptor[field])].length > max);
    if (tooLong) return { key: 'storagePage.details.rule.maxLength', params: { max: tooLong[1] } };
  }
  return null;
}

/** The same dependency twice: resource names compare in any case (DOMAIN §2.22). */
const identityOf = ({ type, name }: Pick<DependencyValues, 'type' | 'name'>) =>
  `${type}:${type === 'resource' ? name.trim().toLowerCase() : name.trim()}`;

export function dependencyNameProblem(
  dependency: Pick<DependencyValues, 'type' | 'name'>,
  others: readonly Pick<DependencyValues, 'type' | 'name'>[],
): Problem | null {
  const name = dependency.name.trim();
  if (!isDependencyName(dependency.type, name)) {
    return {
      key:
        dependency.type === 'object' ? 'storagePage.details.rule.objectName' : 'storagePage.details.rule.resourceName',
    };
  }
  const mine = identityOf(dependency);
  return others.some((other) => identityOf(other) === mine)
    ? { key: 'storagePage.details.rule.dependencyTwice', params: { name } }
    : null;
}

/** The rules of each field of a list entry (`index` is the entry's place in its list). */
export function editorRules(form: ListForm, t: Translate) {
  const listOf = <K extends 'customPropertyDescriptors' | 'dependencies'>(list: K) =>
    (form.getFieldValue(list) ?? []) as ObjectFormValues[K];
  const others = <T>(items: (T | undefined)[], index: number) =>
    items.filter((item, itemIndex): item is T => itemIndex !== index && item !== undefined);
  const check = (problem: Problem | null) =>
    problem ? Promise.reject(new Error(t(problem.key, problem.params))) : Promise.resolve();
  const maxLength = (max: number): FormRule => ({ max, message: t('storagePage.details.rule.maxLength', { max }) });

  return {
    key: (index: number): FormRule[] => [
      { required: true, whitespace: true, message: t('storagePage.details.rule.keyRequired') },
      {
        validator: (_rule, value: string | undefined) => {
          const key = (value ?? '').trim();
          const otherKeys = others(listOf('customPropertyDescriptors'), index).map(
            (descriptor) => descriptor.key?.trim() ?? '',
          );
          return key === '' ? Promise.resolve() : check(keyProblem(key, otherKeys));
        },
      },
    ],
    name: [maxLength(PROPERTY_LIMITS.nameLength)],
    remark: [maxLength(PROPERTY_LIMITS.remarkLength)],
    defaultValue: (index: number): FormRule[] => [
      maxLength(PROPERTY_LIMITS.defaultValueLength),
      {
        validator: (_rule, value: string | undefined) => {
          const descriptor = listOf('customPropertyDescriptors')[index];
          return descriptor
            ? check(defaultValueProblem(descriptor.type, descriptor.candidateItems ?? [], value ?? ''))
            : Promise.resolve();
        },
      },
    ],
    candidateItems: (index: number): FormRule[] => [
      {
        validator: (_rule, value: string[] | undefined) =>
          listOf('customPropertyDescriptors')[index]?.type === 'select'
            ? check(candidatesProblem(value ?? []))
            : Promise.resolve(),
      },
    ],
    dependencyName: (index: number): FormRule[] => [
      { required: true, whitespace: true, message: t('storagePage.details.rule.dependencyRequired') },
      {
        validator: (_rule, value: string | undefined) => {
          const name = (value ?? '').trim();
          const type = listOf('dependencies')[index]?.type ?? 'object';
          return name === ''
            ? Promise.resolve()
            : check(dependencyNameProblem({ type, name }, others(listOf('dependencies'), index)));
        },
      },
    ],
    versionRange: [maxLength(VERSION_RANGE_MAX_LENGTH)],
  };
}
