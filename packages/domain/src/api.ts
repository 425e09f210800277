// Wire shapes shared by the server and the web client (SPEC §7–§8, DOMAIN §1.2–§1.4).

export type ApiEnvelope<T> = { ret: number; errCode: number; msg: string; data: T };

export type Page<T> = { skip: number; limit: number; totalItem: number; dataList: T[] };

/** One entry of the `data` list of an errCode 4 (bad parameters) answer. */
export type FieldError = { field: string; code: string; message: string };

/** One failing parameter before translation; `messageKey` becomes FieldError.message. */
export type FieldIssue = { field: string; code: string; messageKey: string; params?: Record<string, string | number> };

export const ErrCode = {
  Success: 0,
  Unhandled: 1,
  Business: 2,
  Forbidden: 3,
  BadParams: 4,
  RouteNotFound: 8,
  Frozen: 10,
  NotLoggedIn: 30,
} as const;
export type ErrCode = (typeof ErrCode)[keyof typeof ErrCode];

/** `ret` of the one answer that is not 0: the logged-in account is frozen (with errCode 10). */
export const RET_FROZEN = 4;

type EnvelopeCodes = Pick<ApiEnvelope<unknown>, 'ret' | 'errCode'>;

export function isSuccessEnvelope(envelope: EnvelopeCodes): boolean {
  return envelope.ret === 0 && envelope.errCode === ErrCode.Success;
}

export function isNotLoggedInEnvelope(envelope: EnvelopeCodes): boolean {
  return envelope.errCode === ErrCode.NotLoggedIn;
}

export function isFrozenEnvelope(envelope: EnvelopeCodes): boolean {
  return envelope.ret === RET_FROZEN && envelope.errCode === ErrCode.Frozen;
}

/** Translation keys describing the HTTP statuses of SPEC §8; the texts live with the i18n owner. */
export const HTTP_STATUS_DESCRIPTIONS = {
  200: 'http.status.200',
  201: 'http.status.201',
  202: 'http.status.202',
  204: 'http.status.204',
  400: 'http.status.400',
  401: 'http.status.401',
  403: 'http.status.403',
  404: 'http.status.404',
  406: 'http.status.406',
  410: 'http.status.410',
  422: 'http.status.422',
  500: 'http.status.500',
  502: 'http.status.502',
  503: 'http.status.503',
  504: 'http.status.504',
} as const satisfies Record<number, `http.status.${number}`>;

/** Key for a status outside the SPEC §8 table; its text takes the placeholder {status}. */
export const HTTP_STATUS_UNKNOWN = 'http.status.unknown';

export function describeHttpStatus(status: number): string {
  return (HTTP_STATUS_DESCRIPTIONS as Record<number, string | undefined>)[status] ?? HTTP_STATUS_UNKNOWN;
}
