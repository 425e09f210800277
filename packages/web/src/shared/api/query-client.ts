import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/**
 * Whether asking again may help: a lost connection or a 5xx, never an answer the server gave on
 * purpose (an errCode) and never a cancelled call.
 */
export function isTransientFailure(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.errCode !== undefined || error.code === 'ERR_CANCELED') return false;
  return error.status === undefined || error.status >= 500;
}

/**
 * The app's server-state cache. Reads are fresh on every visit of a page (staleTime 0, as the pages
 * loaded before) but a page coming back shows what it had while it reloads; a transient failure is
 * asked again once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => failures < 1 && isTransientFailure(error),
        retryDelay: 300,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
