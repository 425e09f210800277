import { UID_COOKIE } from '@tessera/domain';
import { readCookie } from '../browser/cookies';

/** SPEC §6: the `uid` cookie says who is logged in; -1 or absent means nobody. */
export function hasSignedInCookie(): boolean {
  const uid = readCookie(UID_COOKIE);
  return uid !== undefined && uid !== '' && uid !== '-1';
}
