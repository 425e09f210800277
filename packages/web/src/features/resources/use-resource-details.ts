// The resource of the details page and the version it shows, read through the query cache.
import { useQuery } from '@tanstack/react-query';
import { ErrCode } from '@tessera/domain';
import { ApiError, errorMessage, useApiClient } from '../../shared/api';

import { latestVersionOf, resourceQuery, versionQuery, type Resource, type ResourceVersion } from './resources-api';

export type DetailsState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'error'; message: string }
  | { status: 'loaded'; resource: Resource };

/** errCode 2 (unknown, or another user's unreleased resource) and 3 read as "not found". */
const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.errCode === ErrCode.Business || error.errCode === ErrCode.Forbidden);

export function useResourceDetails(resourceId: string): { state: DetailsState; retry: () => void } {
  const api = useApiClient();
  const query = useQuery(resourceQuery(api, resourceId));
  const retry = () => void query.refetch();
  // A retry after a failure shows loading again; a reload of a shown resource keeps it on screen.
  if (query.data) return { state: { status: 'loaded', resource: query.data }, retry };
  if (query.isPending || query.isFetching) return { state: { status: 'loading' }, retry };
  const state: DetailsState = isNotFound(query.error)
    ? { status: 'notFound' }
    : { status: 'error', message: errorMessage(query.error) };
  return { state, retry };
}

export type VersionState =
  { status: 'none' } | { status: 'loading' } | { status: 'error' } | { status: 'loaded'; version: ResourceVersion };

/**
 * The chosen version: the latest one comes with the resource when the server sends it
 * (`latestVersionInfo` is null until versions exist); any other is read on its own.
 */
export function useResourceVersion(resource: Resource, version: string): VersionState {
  const api = useApiClient();
  const inline = version === resource.latestVersion ? latestVersionOf(resource) : null;
  const query = useQuery({ ...versionQuery(api, resource.resourceId, version), enabled: Boolean(version) && !inline });
  if (!version) return { status: 'none' };
  if (inline) return { status: 'loaded', version: inline };
  if (query.data) return { status: 'loaded', version: query.data };
  return { status: query.isError ? 'error' : 'loading' };
}
