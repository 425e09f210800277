// File analysis status (SPEC §4, API.md §1.12) and file size display (SPEC §9).

export const FileAnalysisStatus = {
  Pending: 0,
  Analysing: 1,
  Success: 2,
  Fail: 3,
} as const;
export type FileAnalysisStatus = (typeof FileAnalysisStatus)[keyof typeof FileAnalysisStatus];

export type FileAnalysisState = 'missing' | 'analysing' | 'success' | 'fail';

/**
 * SPEC §4 calls a falsy status "no such file" but also says 0 means "still analysing"; 0 is the
 * explicit wire value, so only an absent status (undefined, null, NaN) means missing. A status
 * outside the known set is treated as a failure so that polling ends.
 */
export function fileAnalysisState(metaAnalyzeStatus: number | null | undefined): FileAnalysisState {
  if (metaAnalyzeStatus == null || Number.isNaN(metaAnalyzeStatus)) return 'missing';
  switch (metaAnalyzeStatus) {
    case FileAnalysisStatus.Pending:
    case FileAnalysisStatus.Analysing:
      return 'analysing';
    case FileAnalysisStatus.Success:
      return 'success';
    default:
      return 'fail';
  }
}

/** A file's SHA-1 as the API names it (40 hex digits, either case). */
export const SHA1_PATTERN = '^[0-9a-fA-F]{40}$';

export const FILE_SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/**
 * Base 1024, 2 decimals: 0 → '0.00 B', 1536 → '1.50 KB'. A value that would round up to 1024 moves
 * to the next unit ('1.00 MB', never '1024.00 KB'); beyond YB the number keeps growing.
 * Negative, NaN and infinite sizes are not sizes and show as '0.00 B'.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return `${(0).toFixed(2)} B`;
  let value = bytes;
  let unit = 0;
  while (unit < FILE_SIZE_UNITS.length - 1 && Number(value.toFixed(2)) >= 1024) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(2)} ${FILE_SIZE_UNITS[unit] ?? 'B'}`;
}

/** A duration in seconds (what file analysis stores) as m:ss or h:mm:ss. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** An image this site publishes: `/images/{sha1}.{ext}` (group 1 the SHA-1, group 2 the extension). */
export const SITE_IMAGE_ADDRESS = /^\/images\/([0-9a-f]{40})\.([a-z0-9]{2,5})$/;

/** Whether a cover or logo address is acceptable: an image of this site or an http(s) address. */
export function isImageAddress(address: string): boolean {
  if (SITE_IMAGE_ADDRESS.test(address)) return true;
  try {
    const url = new URL(address);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
