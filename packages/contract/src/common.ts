// TypeBox building blocks shared by the route schemas of every module.
import { DEFAULT_PAGE_SIZE } from '@tessera/domain';
import { Type, type TSchema } from '@sinclair/typebox';

export const Hex24 = Type.String({ pattern: '^[0-9a-f]{24}$', description: '24 lowercase hex characters' });

export const IsoDate = Type.String({ format: 'date-time', description: 'ISO 8601 UTC, e.g. 2025-03-01T08:30:00.000Z' });

/** The `{ret, errCode, msg, data}` answer around `data`. */
export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({
    ret: Type.Integer({ description: '0, or 4 when the account is frozen' }),
    errCode: Type.Integer({ description: '0 on success (DOMAIN §1.3)' }),
    msg: Type.String(),
    data,
  });
}

/** A paged answer (DOMAIN §1.4). */
export function PageOf<T extends TSchema>(item: T) {
  return Type.Object({
    skip: Type.Integer(),
    limit: Type.Integer(),
    totalItem: Type.Integer(),
    dataList: Type.Array(item),
  });
}

/** The largest skip and page number a list takes: far beyond any list, far below what a database refuses. */
export const MAX_SKIP = 100_000_000;

/** The largest user id a query takes: PostgreSQL's integer column refuses anything larger. */
export const MAX_USER_ID = 2_147_483_647;

/** skip 0–100,000,000 (default 0) and limit 1–100 (default 100); out of range is errCode 4, never clamped. */
export const PagingQuery = {
  skip: Type.Integer({ minimum: 0, maximum: MAX_SKIP, default: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: DEFAULT_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
};
