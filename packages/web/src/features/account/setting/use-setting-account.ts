import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUserWire } from '@tessera/contract/identity';
import { CURRENT_USER_KEY } from '../../../shared/session/current-user';
import { useLoggedInUser } from '../LoggedArea';

/**
 * The signed-in user as the personal centre shows it: the guard's answer, read again (by the
 * guard and by the header, for the avatar) after each change.
 */
export function useSettingAccount(): { user: CurrentUserWire; reload: () => Promise<void> } {
  const queryClient = useQueryClient();
  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }), [queryClient]);
  return { user: useLoggedInUser(), reload };
}
