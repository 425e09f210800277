import { useCallback, useEffect, useState } from 'react';
import { ErrCode } from '@tessera/domain';
import { hasSignedInCookie } from '../../app/layout/use-current-user';
import { useApiClient } from '../../shared/api';
import { fetchCurrentAccount, USER_STATUS_FROZEN, type AccountUser } from './account-api';

export type LoggedInAccount =
  | { status: 'checking' }
  | { status: 'signedIn'; user: AccountUser }
  | { status: 'signedOut' }
  | { status: 'frozen' }
  | { status: 'error'; message: string };

/**
 * Who is signed in, for the logged-in area. Without the uid cookie nobody is (no call); otherwise
 * the server decides: errCode 30 means the session is gone.
 */
export function useLoggedInAccount(): { account: LoggedInAccount; retry: () => void } {
  const api = useApiClient();
  const [attempt, setAttempt] = useState(0);
  const [account, setAccount] = useState<LoggedInAccount>(() =>
    hasSignedInCookie() ? { status: 'checking' } : { status: 'signedOut' },
  );
  const ask = account.status === 'checking';

  useEffect(() => {
    if (!ask) return;
    const controller = new AbortController();
    const settle = (next: LoggedInAccount) => {
      if (!controller.signal.aborted) setAccount(next);
    };
    fetchCurrentAccount(api, controller.signal).then(
      ({ errCode, msg, data }) => {
        if (errCode === ErrCode.NotLoggedIn) settle({ status: 'signedOut' });
        else if (errCode !== 0 || !data) settle({ status: 'error', message: msg });
        else settle(data.status === USER_STATUS_FROZEN ? { status: 'frozen' } : { status: 'signedIn', user: data });
      },
      (failure: unknown) =>
        settle({ status: 'error', message: failure instanceof Error ? failure.message : String(failure) }),
    );
    return () => controller.abort();
  }, [api, ask, attempt]);

  const retry = useCallback(() => {
    setAccount({ status: 'checking' });
    setAttempt((value) => value + 1);
  }, []);

  return { account, retry };
}
