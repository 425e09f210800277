import { useEffect, useState } from 'react';
import { UID_COOKIE } from '@tessera/domain';
import { useApiClient } from '../../shared/api';
import { readCookie } from '../../shared/browser/cookies';
import { useAccountRevision } from '../../shared/session/account-revision';

/** The fields of GET /v2/users/current the shell shows. */
export interface CurrentUser {
  userId: number;
  username: string;
  headImage: string;
}

export type CurrentUserState =
  { status: 'visitor' } | { status: 'loading' } | { status: 'signedIn'; user: CurrentUser };

/** SPEC §6: the `uid` cookie says who is logged in; -1 or absent means nobody. */
export function hasSignedInCookie(): boolean {
  const uid = readCookie(UID_COOKIE);
  return uid !== undefined && uid !== '' && uid !== '-1';
}

/**
 * Asks the server who is signed in when the cookie says someone is. The call keeps the login
 * redirect: an expired session sends the person to the login page (SPEC §8). A signed-in user is
 * asked for again, showing the old answer meanwhile, when the account announces a change.
 */
export function useCurrentUser(): CurrentUserState {
  const api = useApiClient();
  const revision = useAccountRevision();
  const [state, setState] = useState<CurrentUserState>(() =>
    hasSignedInCookie() ? { status: 'loading' } : { status: 'visitor' },
  );
  const lookUp = state.status !== 'visitor';

  useEffect(() => {
    if (!lookUp) return;
    const controller = new AbortController();
    const settle = (next: CurrentUserState) => {
      if (!controller.signal.aborted) setState(next);
    };
    api.get<CurrentUser | null>('/users/current', { signal: controller.signal }).then(
      ({ errCode, data }) => settle(errCode === 0 && data ? { status: 'signedIn', user: data } : { status: 'visitor' }),
      () => settle({ status: 'visitor' }),
    );
    return () => controller.abort();
  }, [api, lookUp, revision]);

  return state;
}
