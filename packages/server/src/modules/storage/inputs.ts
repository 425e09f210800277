// Reading the list and type inputs of the storage calls; problems are errCode 4 naming the field.
import { buildResourceTypePath, isHex24, isResourceTypePath, resourceTypeCodeOf } from '@tessera/domain';
import { badParam, type FieldIssue } from '../../platform/errors';
import { OBJECT_NAME_MAX_LENGTH, sanitizeObjectName, type ObjectNameProblem } from './object-name';

export const MAX_IDS_PER_CALL = 100;

/** A comma list (or an array) of values, trimmed, without empties and repeats. */
export function listOf(value: string | readonly string[] | undefined): string[] {
  if (value === undefined) return [];
  const items = typeof value === 'string' ? value.split(',') : value;
  return [...new Set(items.map((item) => item.trim()).filter((item) => item !== ''))];
}

/** Up to 100 well-formed object ids. */
export function objectIdList(field: string, value: string | readonly string[] | undefined): string[] {
  const ids = listOf(value);
  if (ids.length > MAX_IDS_PER_CALL)
    throw badParam(field, 'maxItems', 'errors.param.maxItems', { limit: MAX_IDS_PER_CALL });
  if (!ids.every((id) => isHex24(id))) throw badParam(field, 'pattern', 'storage.param.objectIds');
  return ids;
}

export type TypeChoice = { resourceType: string[]; resourceTypeCode: string };

const NO_TYPE: TypeChoice = { resourceType: [], resourceTypeCode: '' };

function choiceOf(path: string[]): TypeChoice {
  return { resourceType: path, resourceTypeCode: resourceTypeCodeOf(path) };
}

/** A type code with an optional custom sub-type name; `''` as the code removes the type. */
export function typeFromCode(
  code: string,
  customName: string | undefined,
  issues: FieldIssue[],
  field = 'resourceTypeCode',
): TypeChoice | undefined {
  if (code === '') return NO_TYPE;
  const path = buildResourceTypePath(code, customName);
  if (path) return choiceOf(path);
  const badName = buildResourceTypePath(code) !== null;
  issues.push(
    badName
      ? { field: 'resourceTypeName', code: 'pattern', messageKey: 'validation.resourceType' }
      : { field, code: 'enum', messageKey: 'storage.param.resourceTypeCode' },
  );
  return undefined;
}

/** The type a file's content says, by its analysed mime (the resource types that are files of one kind). */
const TYPE_OF_CONTENT: readonly [RegExp, string][] = [
  [/^image\//, 'image'],
  [/^audio\//, 'audio'],
  [/^video\//, 'video'],
  [/^application\/json$/, 'json'],
  [/^text\/markdown$/, 'markdown'],
];

/**
 * The type of a new object whose creator named none: what its content is, as the demo files are typed;
 * none when the content is of no one kind (plain text, an archive, unknown bytes).
 */
export function typeFromContent(mime: string): TypeChoice {
  const code = TYPE_OF_CONTENT.find(([pattern]) => pattern.test(mime))?.[1];
  return code ? (typeFromCode(code, undefined, []) ?? NO_TYPE) : NO_TYPE;
}

/** The 2022 form: a whole type path; `[]` removes the type. */
export function typeFromPath(path: string[], issues: FieldIssue[]): TypeChoice | undefined {
  if (path.length === 0) return NO_TYPE;
  if (isResourceTypePath(path)) return choiceOf(path);
  issues.push({ field: 'resourceType', code: 'pattern', messageKey: 'storage.param.resourceTypePath' });
  return undefined;
}

const NAME_PROBLEMS: Record<ObjectNameProblem, Omit<FieldIssue, 'field'>> = {
  required: { code: 'required', messageKey: 'errors.param.required' },
  tooLong: { code: 'maxLength', messageKey: 'errors.param.maxLength', params: { limit: OBJECT_NAME_MAX_LENGTH } },
  dotsOnly: { code: 'pattern', messageKey: 'storage.param.objectNameDots' },
};

/** The stored object name for a requested one (forbidden characters become `_`). */
export function objectNameParam(requested: string, issues: FieldIssue[], field = 'objectName'): string | undefined {
  const result = sanitizeObjectName(requested);
  if ('name' in result) return result.name;
  issues.push({ field, ...NAME_PROBLEMS[result.problem] });
  return undefined;
}
