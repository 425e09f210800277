// The market's query (GET /v2/resources) as a repository filter. Visitors and other users see online
// resources unless they ask for offline ones; unreleased and frozen resources only show to their
// owner (isSelf=1, or userId = the caller).
import { ErrCode, ResourceStatus, typeCodeWithDescendants } from '@tessera/domain';
import { AppError, badParam } from '../../platform/errors';
import { parsePlatformDateTime } from '../../platform/time';
import { listOf } from './inputs';
import { keywordWords } from './search-text';
import { isTruthyFlag } from '../../platform/projection';
import { type CategoryCondition, type ResourceFilter, type ResourcePageRequest } from './repo';
import type { ResourceSortField, SearchQuery } from '@tessera/contract/resources';

const DAY_MS = 24 * 3600_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const SUBJECT_TYPE_ANY = 5;

/** A filter of a given type: its code alone, or (category 2) everything below it too. */
export function typeCodesFor(code: string, withDescendants: boolean): string[] {
  if (!withDescendants) return [code];
  return typeCodeWithDescendants(code);
}

/** `YYYY-MM-DD` is a platform day (an end date includes the whole day); ISO text is taken as is. */
function dateBound(
  text: string | undefined,
  field: string,
  utcOffsetMinutes: number,
  isEnd: boolean,
): string | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const date = parsePlatformDateTime(text, utcOffsetMinutes);
  if (!date) throw badParam(field, 'format', 'errors.param.dateTime');
  const time = date.getTime();
  if (!isEnd) return new Date(time).toISOString();
  // The bound is exclusive: the day after a date, the next millisecond after a time.
  return new Date(DATE_ONLY.test(text.trim()) ? time + DAY_MS : time + 1).toISOString();
}

export type MarketScope = { callerId: number | null };

/** The caller asks for their own resources (isSelf=1, or userId = the caller): any state, only theirs. */
export function isOwnerView(query: Pick<SearchQuery, 'isSelf' | 'userId'>, callerId: number | null): boolean {
  return isTruthyFlag(query.isSelf) || (query.userId !== undefined && query.userId === callerId);
}

/** The filter, or null when the caller may see nothing the query asks for. */
export function searchFilter(
  query: SearchQuery,
  { callerId }: MarketScope,
  {
    utcOffsetMinutes,
    categoryConditions,
  }: { utcOffsetMinutes: number; categoryConditions: (code: string) => CategoryCondition[] },
): ResourceFilter | null {
  const isSelf = isTruthyFlag(query.isSelf);
  if (isSelf && callerId === null) throw new AppError(ErrCode.NotLoggedIn, 'errors.notLoggedIn');
  const ownerView = isOwnerView(query, callerId);
  const filter: ResourceFilter = {
    keywords: keywordWords(query.keywords),
    createdFrom: dateBound(query.startCreateDate, 'startCreateDate', utcOffsetMinutes, false),
    createdBefore: dateBound(query.endCreateDate, 'endCreateDate', utcOffsetMinutes, true),
    tagGroups: [listOf(query.tags), listOf(query.operationTypes)],
  };
  if (ownerView) {
    filter.userId = callerId as number;
    if (query.status !== undefined) filter.wireStatuses = [query.status];
  } else {
    const status = query.status ?? ResourceStatus.Online;
    if (status !== ResourceStatus.Online && status !== ResourceStatus.Offline) return null;
    filter.wireStatuses = [status];
    if (query.userId !== undefined) filter.userId = query.userId;
  }
  if (query.resourceTypeCode) filter.typeCodes = typeCodesFor(query.resourceTypeCode, query.resourceTypeCategory === 2);
  if (query.resourceType) filter.typePathEntry = query.resourceType;
  if (query.omitResourceType) filter.omitTypePathEntry = query.omitResourceType;
  if (query.subjectType !== undefined && query.subjectType !== SUBJECT_TYPE_ANY) filter.subjectType = query.subjectType;
  if (query.operationCategoryCode) filter.categories = categoryConditions(query.operationCategoryCode);
  return filter;
}

export function pageRequest(query: Pick<SearchQuery, 'skip' | 'limit' | 'sort'>): ResourcePageRequest {
  const [field, direction] = (query.sort ?? 'createDate:-1').split(':');
  return {
    skip: query.skip,
    limit: query.limit,
    sortField: field as ResourceSortField,
    sortOrder: direction === '1' ? 'asc' : 'desc',
  };
}
