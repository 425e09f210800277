import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CurrentUserWire } from '@tessera/contract/identity';
import { ErrCode } from '@tessera/domain';
import { ApiError, errorMessage, useApiClient } from '../../shared/api';
import { currentUserQuery } from '../../shared/session/current-user';
import { hasSignedInCookie } from '../../shared/session/signed-in-cookie';
import { USER_STATUS_FROZEN } from './account-api';

export type LoggedInAccount =
  | { status: 'checking' }
  | { status: 'signedIn'; user: CurrentUserWire }
  | { status: 'signedOut' }
  | { status: 'frozen'; user: CurrentUserWire }
  | { status: 'error'; message: string };

/**
 * Who is signed in, for the logged-in area. Without the uid cookie nobody is (no call); otherwise
 * the server decides: errCode 30 means the session is gone. While the account is read again after
 * a change, the pages keep the answer they have.
 */
export function useLoggedInAccount(): { account: LoggedInAccount; retry: () => void } {
  const api = useApiClient();
  const [signedIn] = useState(hasSignedInCookie);
  const query = useQuery({ ...currentUserQuery(api), enabled: signedIn });
  const retry = () => void query.refetch();

  const { data: user, error } = query;
  if (!signedIn || (error instanceof ApiError && error.errCode === ErrCode.NotLoggedIn)) {
    return { account: { status: 'signedOut' }, retry };
  }
  // A failed read again after a change keeps the answer the pages have.
  if (user) {
    return {
      account: user.status === USER_STATUS_FROZEN ? { status: 'frozen', user } : { status: 'signedIn', user },
      retry,
    };
  }
  if (error && !query.isFetching) return { account: { status: 'error', message: errorMessage(error) }, retry };
  return { account: { status: 'checking' }, retry };
}
