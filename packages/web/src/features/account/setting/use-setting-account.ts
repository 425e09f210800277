import { useCallback, useState } from 'react';
import { useApiClient } from '../../../shared/api';
import { announceAccountChanged } from '../../../shared/session/account-revision';
import { fetchCurrentAccount, type AccountUser } from '../account-api';
import { useLoggedInUser } from '../LoggedArea';

/**
 * The signed-in user as the personal centre shows it: the guard's answer first, read again after
 * each change (the header is told too, for the avatar).
 */
export function useSettingAccount(): { user: AccountUser; reload: () => Promise<void> } {
  const api = useApiClient();
  const [user, setUser] = useState(useLoggedInUser());

  const reload = useCallback(async () => {
    announceAccountChanged();
    const answer = await fetchCurrentAccount(api).catch(() => null);
    if (answer?.errCode === 0 && answer.data) setUser(answer.data);
  }, [api]);

  return { user, reload };
}
