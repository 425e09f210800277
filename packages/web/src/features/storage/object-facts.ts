import { formatFileSize, resourceTypeName, type Language } from '@tessera/domain';
import type { StorageObject } from './storage-api';

// How an object's facts read on the page.

export function objectSize(object: StorageObject): string {
  return formatFileSize(object.systemProperty?.fileSize ?? object.fileSize ?? 0);
}

/** 'Image', 'Image / Illustration'; '' for an object without a type. */
export function objectTypeText(object: StorageObject, language: Language): string {
  const path = object.resourceType?.length
    ? object.resourceType
    : object.resourceTypeCode
      ? [object.resourceTypeCode]
      : [];
  const [code, ...rest] = path;
  if (code === undefined) return '';
  return [resourceTypeName(code, language) ?? code, ...rest].join(' / ');
}
