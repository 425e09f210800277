// Generated resource names (generateResourceNames, batch creation from file names): the wanted name
// made to fit the name rule, then `name`, `name_1`, `name_2`… until one is free for the user.

export const RESOURCE_NAME_MAX_LENGTH = 60;
export const FALLBACK_NAME = 'resource';
/** Room kept for a suffix when looking up the names a base may collide with. */
const SUFFIX_ROOM = 10;

/** SPEC §5's forbidden characters, plus control and invisible format characters. */
const FORBIDDEN = /[\\/:*?"<>|\s@$#\p{Cc}\p{Cf}]/gu;

function cut(text: string, length: number): string {
  return [...text].slice(0, length).join('');
}

/** The wanted name with forbidden characters as `_`, at most 60 characters; never empty. */
export function sanitizeResourceName(wanted: string): string {
  const name = cut(wanted.trim().replace(FORBIDDEN, '_'), RESOURCE_NAME_MAX_LENGTH);
  return name === '' ? FALLBACK_NAME : name;
}

/** What the stored names are looked up by (every candidate for the base starts with it). */
export function lookupPrefix(base: string): string {
  return cut(base, RESOURCE_NAME_MAX_LENGTH - SUFFIX_ROOM);
}

/** The first of base, base_1, base_2… whose key `isTaken` does not report. */
export function firstFreeName(base: string, isTaken: (name: string) => boolean): string {
  if (!isTaken(base)) return base;
  for (let n = 1; ; n += 1) {
    const suffix = `_${n}`;
    const candidate = cut(base, RESOURCE_NAME_MAX_LENGTH - suffix.length) + suffix;
    if (!isTaken(candidate)) return candidate;
  }
}
