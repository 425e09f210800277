// Object names (DOMAIN §2.22): the resource-name rule of SPEC §5, with the forbidden characters of
// an uploaded file's name replaced by `_` rather than refused. The result is one harmless path
// segment: no slash or backslash survives, so `../../etc/passwd` becomes `.._.._etc_passwd`.
import { isBucketName, isHex24 } from '@tessera/domain';

export const OBJECT_NAME_MAX_LENGTH = 60;
export const SYSTEM_BUCKET_NAME = '.UserNodeData';

/** SPEC §5's forbidden characters, plus control and invisible format characters (ours: they only hide what a name says). */
const FORBIDDEN = /[\\/:*?"<>|\s@$#\p{Cc}\p{Cf}]/gu;
const ONLY_DOTS = /^\.+$/u;

export type ObjectNameProblem = 'required' | 'tooLong' | 'dotsOnly';

/** The stored form of a requested object name, or why it cannot be one. */
export function sanitizeObjectName(requested: string): { name: string } | { problem: ObjectNameProblem } {
  const name = requested.trim().replace(FORBIDDEN, '_');
  if (name === '') return { problem: 'required' };
  if ([...name].length > OBJECT_NAME_MAX_LENGTH) return { problem: 'tooLong' };
  // `.` and `..` mean "here" and "up" to every file system and URL resolver a name may reach.
  if (ONLY_DOTS.test(name)) return { problem: 'dotsOnly' };
  return { name };
}

export function isBucketNameOrSystem(value: string): boolean {
  return value === SYSTEM_BUCKET_NAME || isBucketName(value);
}

/** `bucket/objectName` split at its first slash; null when it is not shaped like a full name. */
export function parseFullObjectName(fullName: string): { bucketName: string; objectName: string } | null {
  const slash = fullName.indexOf('/');
  if (slash <= 0) return null;
  const bucketName = fullName.slice(0, slash);
  const objectName = fullName.slice(slash + 1);
  return isBucketNameOrSystem(bucketName) && objectName !== '' ? { bucketName, objectName } : null;
}

export function fullObjectName(bucketName: string, objectName: string): string {
  return `${bucketName}/${objectName}`;
}

export type ObjectReference = { objectId: string } | { bucketName: string; objectName: string };

/** An object named by id or by full name; null when it is neither. */
export function parseObjectReference(idOrName: string): ObjectReference | null {
  if (isHex24(idOrName)) return { objectId: idOrName };
  return parseFullObjectName(idOrName);
}
