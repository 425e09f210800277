// A refusal on a form (issue 16): the server names the fields it refuses (errCode 4, `data` =
// [{field, message}], already in the reader's language); the message goes under the field it names,
// and the banner above the form keeps only what no field shows.
import type { FormInstance } from 'antd';
import { errorMessage, fieldErrorsOf } from './api-error';

export type FieldPath = (string | number)[];

/** Wire field → the form's field, where the form calls it otherwise (`name` → `resourceName`). */
export type FieldRenames = Readonly<Record<string, string | FieldPath>>;

/** `dependencies.1.versionRange` → ['dependencies', 1, 'versionRange'], after the renames. */
export function formPathOf(field: string, renames: FieldRenames = {}): FieldPath {
  const renamed = renames[field];
  if (renamed !== undefined) return typeof renamed === 'string' ? [renamed] : [...renamed];
  return field.split('.').map((part) => (/^\d+$/u.test(part) ? Number(part) : part));
}

function holds(values: unknown, path: FieldPath): boolean {
  let current = values;
  for (const part of path) {
    if (typeof current !== 'object' || current === null || !(part in current)) return false;
    current = (current as Record<string | number, unknown>)[part];
  }
  return true;
}

type Placement = { field: string; name: FieldPath; message: string };

function placements(form: FormInstance, failure: unknown, renames: FieldRenames): Placement[] {
  const values: unknown = form.getFieldsValue(true);
  return [...fieldErrorsOf(failure)]
    .map(([field, message]) => ({ field, name: formPathOf(field, renames), message }))
    .filter(({ name }) => holds(values, name));
}

/** The refused fields (wire names) that the form has a field for. */
export function heldFields(form: FormInstance, failure: unknown, renames: FieldRenames = {}): Set<string> {
  return new Set(placements(form, failure, renames).map(({ field }) => field));
}

/**
 * Puts each refused field's message under the form's field of that name (fields the form does not
 * have are left to the banner); answers the wire names it placed.
 */
export function markServerFields(form: FormInstance, failure: unknown, renames: FieldRenames = {}): Set<string> {
  const placed = placements(form, failure, renames);
  if (placed.length > 0) form.setFields(placed.map(({ name, message }) => ({ name, errors: [message] })));
  return new Set(placed.map(({ field }) => field));
}

/**
 * What the banner says of a failure: nothing when every refused field shows its own message; the
 * server's msg with the fields no form field shows (`title: Must have …`) otherwise; the failure's
 * own message (the server's msg, the client's reason) when it named no field.
 */
export function bannerOf(failure: unknown, shownFields: Iterable<string>): string | null {
  if (failure === null || failure === undefined) return null;
  const fields = fieldErrorsOf(failure);
  if (fields.size === 0) return errorMessage(failure);
  const shown = new Set(shownFields);
  const rest = [...fields].filter(([field]) => !shown.has(field)).map(([field, message]) => `${field}: ${message}`);
  return rest.length > 0 ? `${errorMessage(failure)}. ${rest.join('; ')}` : null;
}
