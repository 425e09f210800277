// The sha1 lists of the look-up calls: `sha1=a,b` (API.md), `sha1s=a,b` (DOMAIN) or the parameter
// repeated; at most 100, each 40 hex characters. Answers keep the order and spelling of the request.
import { badParam } from '../../platform/errors';
import { isSha1, MAX_SHA1S_PER_LOOKUP } from './limits';

export type RequestedSha1 = { requested: string; sha1: string };

export function parseSha1List(values: readonly string[] | undefined, field: string): RequestedSha1[] {
  const requested = (values ?? [])
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
  if (requested.length === 0) throw badParam(field, 'required', 'files.sha1Required');
  if (requested.length > MAX_SHA1S_PER_LOOKUP)
    throw badParam(field, 'maxItems', 'files.sha1TooMany', { limit: MAX_SHA1S_PER_LOOKUP });
  const invalid = requested.find((value) => !isSha1(value));
  if (invalid !== undefined) throw badParam(field, 'sha1', 'files.sha1Invalid', { value: invalid.slice(0, 60) });
  return requested.map((value) => ({ requested: value, sha1: value.toLowerCase() }));
}
