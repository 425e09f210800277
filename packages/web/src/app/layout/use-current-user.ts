import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CurrentUserWire } from '@tessera/contract/identity';
import { useApiClient } from '../../shared/api';
import { currentUserQuery } from '../../shared/session/current-user';
import { hasSignedInCookie } from '../../shared/session/signed-in-cookie';

/** The fields of GET /v2/users/current the shell shows. */
export type CurrentUser = Pick<CurrentUserWire, 'userId' | 'username' | 'headImage'>;

export type CurrentUserState =
  { status: 'visitor' } | { status: 'loading' } | { status: 'signedIn'; user: CurrentUser; updatedAt: number };

/**
 * Asks the server who is signed in when the cookie says someone is. The header keeps the login
 * redirect: an expired session sends the person to the login page (SPEC §8). A change of the
 * account (CURRENT_USER_KEY invalidated) asks again, showing the old answer meanwhile.
 */
export function useCurrentUser(): CurrentUserState {
  const api = useApiClient();
  const [signedIn] = useState(hasSignedInCookie);
  const query = useQuery({ ...currentUserQuery(api), enabled: signedIn });
  const { error } = query;
  useEffect(() => {
    if (error) void api.followRedirect(error);
  }, [api, error]);
  if (!signedIn || query.isError) return { status: 'visitor' };
  if (query.isPending) return { status: 'loading' };
  return { status: 'signedIn', user: query.data, updatedAt: query.dataUpdatedAt };
}
