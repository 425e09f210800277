import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CurrentUserWire } from '@tessera/contract/identity';
import { ErrCode } from '@tessera/domain';
import { ApiError, useApiClient } from '../../shared/api';
import { currentUserQuery } from '../../shared/session/current-user';
import { hasSignedInCookie } from '../../shared/session/signed-in-cookie';
import { USER_STATUS_FROZEN } from './account-api';

export type LoggedInAccount =
  | { status: 'checking' }
  | { status: 'signedIn'; user: CurrentUserWire }
  | { status: 'signedOut' }
  | { status: 'frozen' }
  | { status: 'error'; message: string };

/**
 * Who is signed in, for the logged-in area. Without the uid cookie nobody is (no call); otherwise
 * the server decides: errCode 30 means the session is gone. While the account is read again after
 * a change, the pages keep the answer they have.
 */
export function useLoggedInAccount(): { account: LoggedInAccount; retry: () => void } {
  const api = useApiClient();
  const [signedIn] = useState(hasSignedInCookie);
  const query = useQuery({ ...currentUserQuery(api, { redirect: false }), enabled: signedIn });
  const retry = () => void query.refetch();

  if (!signedIn) return { account: { status: 'signedOut' }, retry };
  if (query.isError) {
    const { error } = query;
    if (error instanceof ApiError && error.errCode === ErrCode.NotLoggedIn)
      return { account: { status: 'signedOut' }, retry };
    return { account: query.isFetching ? { status: 'checking' } : { status: 'error', message: error.message }, retry };
  }
  if (query.isPending) return { account: { status: 'checking' }, retry };
  const user = query.data;
  return { account: user.status === USER_STATUS_FROZEN ? { status: 'frozen' } : { status: 'signedIn', user }, retry };
}
