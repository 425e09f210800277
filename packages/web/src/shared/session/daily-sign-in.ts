import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { walletEndpoints } from '@tessera/contract/endpoints/wallet';
import type { ApiClient } from '../api';

// The daily sign-in (API.md §3.9) lives here, beside the session, because two places offer it: the
// header's user menu (in the shell, on every page) and the wallet page.

/** Every cached answer about the wallet; a sign-in or a payment changes the balance. */
export const WALLET_KEY = ['wallet'] as const;
export const SIGN_IN_INFO_KEY = [...WALLET_KEY, 'signInInfo'] as const;

/** Whether the caller signed in today, the streak and the coins earned so far. */
export const signInInfoQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: SIGN_IN_INFO_KEY,
    queryFn: ({ signal }) => api.call(walletEndpoints.signInInfo, {}, { signal }),
  });

/** Signs in for today; afterwards the streak and every wallet answer (the balance) are read again. */
export function useDailySignIn(api: ApiClient) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(walletEndpoints.signIn, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WALLET_KEY }),
  });
}
