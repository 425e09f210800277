// The contract reads' query parameters as repository filters: comma lists, the platform's calendar
// for date bounds, the order of a page.
import { CONTRACT_LIMITS, type ContractPageQuery } from '@tessera/contract/contracts';
import { badParam } from '../../platform/errors';
import { parsePlatformDateTime } from '../../platform/time';
import type { ContractFilter, ContractOrder, ContractScope } from './reads-repo';

const DAY_MS = 24 * 3600_000;
const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The distinct non-empty items of a comma list, at most `CONTRACT_LIMITS.idsPerList` of them;
 * undefined when there are none (the parameter is then left out).
 */
export function idsOf(csv: string | undefined, field: string): string[] | undefined {
  const ids = [...new Set((csv ?? '').split(',').map((id) => id.trim()))].filter((id) => id !== '');
  if (ids.length === 0) return undefined;
  if (ids.length > CONTRACT_LIMITS.idsPerList)
    throw badParam(field, 'maxItems', 'errors.param.maxItems', { limit: CONTRACT_LIMITS.idsPerList });
  return ids;
}

/** A comma list of integers the schema has already checked the shape of. */
export function intsOf(csv: string | undefined): number[] | undefined {
  return csv === undefined ? undefined : [...new Set(csv.split(',').map(Number))];
}

/**
 * createDate bounds from startDate / endDate, read on the platform's calendar: a plain `YYYY-MM-DD`
 * end date includes that whole day; a time includes that moment.
 */
export function createdBetween(
  { startDate, endDate }: { startDate?: string; endDate?: string },
  utcOffsetMinutes: number,
): Pick<ContractFilter, 'createdFrom' | 'createdBefore'> {
  const read = (text: string, field: string): Date => {
    const date = parsePlatformDateTime(text, utcOffsetMinutes);
    if (!date) throw badParam(field, 'format', 'errors.param.dateTime');
    return date;
  };
  const bounds: Pick<ContractFilter, 'createdFrom' | 'createdBefore'> = {};
  if (startDate?.trim()) bounds.createdFrom = read(startDate, 'startDate').toISOString();
  if (endDate?.trim()) {
    const end = read(endDate, 'endDate').getTime();
    bounds.createdBefore = new Date(end + (PLAIN_DATE.test(endDate.trim()) ? DAY_MS : 1)).toISOString();
  }
  return bounds;
}

/** A text filter, trimmed; empty means not given. */
export function textOf(value: string | undefined): string | undefined {
  return value?.trim() ? value.trim() : undefined;
}

/** identityType 1: the caller's contracts as licensor, 2: as licensee. */
export function scopeOf(callerId: number, identityType: number): ContractScope {
  return { ownerId: callerId, side: identityType === 1 ? 'licensor' : 'licensee' };
}

/** `sort` (the reference's `createDate:-1`) wins over `order`; newest first by default. */
export function orderOf({ sort, order }: Pick<ContractPageQuery, 'sort' | 'order'>): ContractOrder {
  if (sort !== undefined) return sort.endsWith(':1') ? 'asc' : 'desc';
  return order ?? 'desc';
}

/** The page's filters (API.md §3.11 GET /v2/contracts). */
export function pageFilter(callerId: number, query: ContractPageQuery, utcOffsetMinutes: number): ContractFilter {
  return {
    scope: scopeOf(callerId, query.identityType),
    subjectIds: idsOf(query.subjectIds, 'subjectIds'),
    subjectType: query.subjectType,
    licensorId: textOf(query.licensorId),
    licenseeId: textOf(query.licenseeId),
    licensorName: textOf(query.licensorName),
    licenseeName: textOf(query.licenseeName),
    licenseeIdentityType: query.licenseeIdentityType,
    isDefault: query.isDefault,
    keywords: textOf(query.keywords),
    statuses: intsOf(query.status),
    authStatuses: intsOf(query.authStatus),
    displayGroups: intsOf(query.displayStatus),
    ...createdBetween(query, utcOffsetMinutes),
  };
}
