import { UID_COOKIE } from '@tessera/domain';
import { readCookie } from '../../shared/browser/cookies';

/** The signed-in user's id from the `uid` cookie (SPEC §6), or null for a visitor. */
export function signedInUserId(): number | null {
  const uid = Number(readCookie(UID_COOKIE));
  return Number.isInteger(uid) && uid > 0 ? uid : null;
}
