// Why the server refused to put an exhibit online (DOMAIN §3.4: errCode 2 with the failed auth result in
// data), in words the node owner can act on.
import { AuthCode, DefaulterIdentityType, ErrCode } from '@tessera/domain';
import { ApiError, errorMessage } from '../../shared/api';

export type RefusalAdvice = 'policy' | 'nodeContracts' | 'upstream' | 'frozen' | 'other';

export interface OnlineRefusal {
  /** The auth code when the server named one. */
  authCode: number | null;
  /** The server's own words (its errorMsg, else its msg). */
  serverWords: string;
  advice: RefusalAdvice;
}

const FROZEN_CODES: readonly number[] = [AuthCode.SubjectException, AuthCode.LicensorException];

function authResultOf(failure: unknown): { authCode: number; defaulterIdentityType: number; errorMsg: string } | null {
  if (!(failure instanceof ApiError) || failure.errCode !== ErrCode.Business) return null;
  const data = failure.data;
  if (typeof data !== 'object' || data === null) return null;
  const { authCode, defaulterIdentityType, errorMsg } = data as Record<string, unknown>;
  if (typeof authCode !== 'number') return null;
  return {
    authCode,
    defaulterIdentityType: typeof defaulterIdentityType === 'number' ? defaulterIdentityType : -1,
    errorMsg: typeof errorMsg === 'string' ? errorMsg : '',
  };
}

export function readOnlineRefusal(failure: unknown, hasEnabledPolicy: boolean): OnlineRefusal {
  const result = authResultOf(failure);
  if (!result) {
    return { authCode: null, serverWords: errorMessage(failure), advice: hasEnabledPolicy ? 'other' : 'policy' };
  }
  const serverWords = result.errorMsg || errorMessage(failure);
  const advice: RefusalAdvice = FROZEN_CODES.includes(result.authCode)
    ? 'frozen'
    : result.defaulterIdentityType === DefaulterIdentityType.Node
      ? 'nodeContracts'
      : result.defaulterIdentityType === DefaulterIdentityType.Resource
        ? 'upstream'
        : hasEnabledPolicy
          ? 'other'
          : 'policy';
  return { authCode: result.authCode, serverWords, advice };
}

/** The codes the page words itself; any other shows the server's words alone. */
export const WORDED_CODES: readonly number[] = [
  AuthCode.ContractUnauthorized,
  AuthCode.ContractNotFound,
  AuthCode.ContractTerminated,
  AuthCode.ContractException,
  AuthCode.ContractIncomplete,
  AuthCode.SubjectException,
  AuthCode.LicensorException,
];
