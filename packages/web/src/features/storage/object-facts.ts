import type { ObjectWire } from '@tessera/contract/storage';
import { formatFileSize, resourceTypeName, type Language } from '@tessera/domain';

// How an object's facts read on the page.

export function objectSize(object: ObjectWire): string {
  return formatFileSize(object.fileSize);
}

/** 'Image', 'Image / Illustration'; '' for an object without a type. */
export function objectTypeText(object: ObjectWire, language: Language): string {
  const path = object.resourceType.length
    ? object.resourceType
    : object.resourceTypeCode
      ? [object.resourceTypeCode]
      : [];
  const [code, ...rest] = path;
  if (code === undefined) return '';
  return [resourceTypeName(code, language) ?? code, ...rest].join(' / ');
}
