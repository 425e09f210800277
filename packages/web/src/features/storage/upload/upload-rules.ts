import { roundSize } from '../file-size';

// What can be refused before a single byte is read (DOMAIN §8): empty files, files over the size
// limit, files that cannot fit in what is left of the quota. The server checks all of it again.

export const UPLOAD_MAX_BYTES = 200 * 1024 ** 2;
export const VIDEO_UPLOAD_MAX_BYTES = 1024 ** 3;

/** A refusal to show: a translation key and its values. */
export interface Refusal {
  key: string;
  params?: Record<string, string | number>;
}

export function uploadLimitOf(file: { type: string }): number {
  return file.type.toLowerCase().startsWith('video/') ? VIDEO_UPLOAD_MAX_BYTES : UPLOAD_MAX_BYTES;
}

/** Why a file cannot be uploaded at all, or null. `spaceLeft` is undefined while it is unknown. */
export function uploadRefusal(file: { size: number; type: string }, spaceLeft: number | undefined): Refusal | null {
  if (file.size === 0) return { key: 'storagePage.upload.error.empty' };
  const limit = uploadLimitOf(file);
  if (file.size > limit) {
    return {
      key: 'storagePage.upload.error.tooLarge',
      params: { size: roundSize(file.size), limit: roundSize(limit) },
    };
  }
  if (spaceLeft !== undefined && file.size > spaceLeft) {
    return {
      key: 'storagePage.upload.error.quota',
      params: { size: roundSize(file.size), left: roundSize(Math.max(0, spaceLeft)) },
    };
  }
  return null;
}

// SPEC §5's characters that a resource or object name may not contain, plus control and invisible
// format characters: the server replaces the same ones, so the name asked about is the name stored.
const FORBIDDEN_IN_NAME = /[\\/:*?"<>|\s@$#\p{Cc}\p{Cf}]/gu;
export const OBJECT_NAME_MAX_LENGTH = 60;
const KEPT_EXTENSION_MAX_LENGTH = 16;

/**
 * The object name a file gets (DOMAIN §2.22): forbidden characters become `_` (the server does the
 * same) and a name over 60 characters is shortened before its extension, so that it stays valid.
 */
export function objectNameOf(fileName: string): string {
  const cleaned = [...fileName.trim().replace(FORBIDDEN_IN_NAME, '_')];
  if (cleaned.length === 0) return '_';
  if (cleaned.length <= OBJECT_NAME_MAX_LENGTH) return cleaned.join('');
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= KEPT_EXTENSION_MAX_LENGTH ? cleaned.slice(dot) : [];
  return [...cleaned.slice(0, OBJECT_NAME_MAX_LENGTH - extension.length), ...extension].join('');
}
