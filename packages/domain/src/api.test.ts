import { describe, expect, it } from 'vitest';
import {
  ErrCode,
  HTTP_STATUS_DESCRIPTIONS,
  HTTP_STATUS_UNKNOWN,
  RET_FROZEN,
  describeHttpStatus,
  isFrozenEnvelope,
  isNotLoggedInEnvelope,
  isSuccessEnvelope,
} from './api';

describe('ErrCode', () => {
  it('carries the codes of DOMAIN §1.3', () => {
    expect(ErrCode).toEqual({
      Success: 0,
      Unhandled: 1,
      Business: 2,
      Forbidden: 3,
      BadParams: 4,
      RouteNotFound: 8,
      Frozen: 10,
      NotLoggedIn: 30,
    });
    expect(RET_FROZEN).toBe(4);
  });
});

describe('envelope checks', () => {
  it.each([
    [{ ret: 0, errCode: 0 }, true, false, false],
    [{ ret: 0, errCode: 2 }, false, false, false],
    [{ ret: 1, errCode: 0 }, false, false, false],
    [{ ret: 0, errCode: 30 }, false, true, false],
    [{ ret: 4, errCode: 30 }, false, true, false],
    [{ ret: 4, errCode: 10 }, false, false, true],
    [{ ret: 0, errCode: 10 }, false, false, false],
    [{ ret: 4, errCode: 0 }, false, false, false],
  ])('%j → success %s, not logged in %s, frozen %s', (envelope, success, notLoggedIn, frozen) => {
    expect(isSuccessEnvelope(envelope)).toBe(success);
    expect(isNotLoggedInEnvelope(envelope)).toBe(notLoggedIn);
    expect(isFrozenEnvelope(envelope)).toBe(frozen);
  });
});

describe('describeHttpStatus', () => {
  const SPEC_STATUSES = [200, 201, 202, 204, 400, 401, 403, 404, 406, 410, 422, 500, 502, 503, 504];

  it('lists exactly the statuses of SPEC §8', () => {
    expect(Object.keys(HTTP_STATUS_DESCRIPTIONS).map(Number)).toEqual(SPEC_STATUSES);
  });

  it.each(SPEC_STATUSES)('describes %i with its own key', (status) => {
    expect(describeHttpStatus(status)).toBe(`http.status.${status}`);
  });

  it.each([0, 100, 203, 301, 402, 405, 418, 501, 599, Number.NaN])('falls back for %s', (status) => {
    expect(describeHttpStatus(status)).toBe(HTTP_STATUS_UNKNOWN);
    expect(HTTP_STATUS_UNKNOWN).toBe('http.status.unknown');
  });
});
