import { useApiClient } from '../../shared/api';
import { ApiError } from '../../shared/api';
import { getResource, getResourceVersion, type Resource, type ResourceVersion } from './resources-api';
import { errorMessage, useKeyedLoad } from './use-keyed-load';

export type DetailsState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'error'; message: string }
  | { status: 'loaded'; resource: Resource };

/** errCode 2 (unknown, or another user's unreleased resource) and 3 read as "not found". */
const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.envelope?.errCode === 2 || error.envelope?.errCode === 3);

export function useResourceDetails(resourceId: string): { state: DetailsState; retry: () => void } {
  const api = useApiClient();
  const read = useKeyedLoad((signal) => getResource(api, resourceId, signal), resourceId);
  const state: DetailsState =
    read.status === 'loading'
      ? { status: 'loading' }
      : read.status === 'error'
        ? isNotFound(read.error)
          ? { status: 'notFound' }
          : { status: 'error', message: errorMessage(read.error) }
        : read.value
          ? { status: 'loaded', resource: read.value }
          : { status: 'notFound' };
  return { state, retry: read.retry };
}

export type VersionState =
  { status: 'none' } | { status: 'loading' } | { status: 'error' } | { status: 'loaded'; version: ResourceVersion };

/**
 * The chosen version: the latest one comes with the resource when the server sends it
 * (`latestVersionInfo` is null until versions exist); any other is read on its own.
 */
export function useResourceVersion(resource: Resource, version: string): VersionState {
  const api = useApiClient();
  const inline = version === resource.latestVersion ? resource.latestVersionInfo : null;
  const read = useKeyedLoad(
    (signal) => getResourceVersion(api, resource.resourceId, version, signal),
    version && !inline ? `${resource.resourceId}@${version}` : null,
  );
  if (!version) return { status: 'none' };
  if (inline) return { status: 'loaded', version: inline };
  if (read.status === 'loaded') return read.value ? { status: 'loaded', version: read.value } : { status: 'error' };
  return { status: read.status };
}
