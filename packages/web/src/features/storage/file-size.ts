import { formatFileSize } from '@tessera/domain';

/** SPEC §9 sizes without needless decimals: '200 MB', '5 GB', '1.50 KB'. */
export function roundSize(bytes: number): string {
  return formatFileSize(bytes).replace('.00 ', ' ');
}
