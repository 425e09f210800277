// The numbers of the files module (DOMAIN §8) and the size rules of an upload.
import { formatFileSize, SHA1_PATTERN } from '@tessera/domain';

export { SHA1_PATTERN };
import { extname } from 'node:path';

/** Room for the boundaries, part headers and the small `resourceType` field around the file. */
export const FORM_OVERHEAD_BYTES = 64 * 1024;
/** sha1 values per look-up (DOMAIN §8 "ids per batch look-up"). */
export const MAX_SHA1S_PER_LOOKUP = 100;
const SHA1 = new RegExp(SHA1_PATTERN);

/** An analysis running longer fails (DOMAIN §3.9); one that started longer ago than this was abandoned. */
export const ANALYSIS_TIMEOUT_MS = 60_000;
/** Unreferenced uploads are kept this long after their last upload (DOMAIN §8). */
export const UNREFERENCED_FILE_KEPT_MS = 24 * 60 * 60 * 1000;
/** Temporary bytes of writes that never finished (crash, cut connection) are removed after this. */
export const TEMPORARY_FILE_KEPT_MS = 60 * 60 * 1000;

/** Public images (covers): DOMAIN §2.21 and §8. */
export const IMAGE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

const VIDEO_EXTENSIONS = new Set([
  '.mp4',
  '.m4v',
  '.mov',
  '.webm',
  '.mkv',
  '.avi',
  '.wmv',
  '.flv',
  '.mpg',
  '.mpeg',
  '.ts',
  '.m2ts',
  '.3gp',
  '.ogv',
]);

/** A size for people: '200 MB', '1 GB', '1.50 KB' (base 1024, as the web app shows sizes). */
export function sizeText(bytes: number): string {
  return formatFileSize(bytes).replace('.00 ', ' ');
}

export function isSha1(text: string): boolean {
  return SHA1.test(text);
}

/**
 * Whether an upload may use the video limit: its declared type is video/* or its name has a video
 * extension. Both come from the client, so the analysis checks the real type afterwards.
 */
export function isVideoUpload(declaredType: string | undefined, filename: string | undefined): boolean {
  if (declaredType?.toLowerCase().startsWith('video/')) return true;
  return VIDEO_EXTENSIONS.has(extname(filename ?? '').toLowerCase());
}

export function isVideoMime(mime: string): boolean {
  return mime.toLowerCase().startsWith('video/');
}
