import { ApiError } from '../../shared/api';

/** DOMAIN §7.4 refusal codes the pay dialog treats apart. */
export const Refusal = {
  NotActivated: 'E1005',
  Frozen: 'E1006',
  InsufficientBalance: 'E1009',
  WrongPassword: 'E1010',
  Locked: 'E1011',
} as const;

/** The §7.4 code of a refused payment (the server puts it in data.code), or null. */
export function refusalCode(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const data = error.data as { code?: unknown } | null | undefined;
  return typeof data?.code === 'string' ? data.code : null;
}

/** Refusals the wallet page can help with (activate it, add coins). */
export const sendsToWallet = (code: string | null) =>
  code === Refusal.InsufficientBalance || code === Refusal.NotActivated;
