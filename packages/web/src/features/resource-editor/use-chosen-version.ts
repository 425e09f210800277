import { useSearchParams } from 'react-router';
import type { ResourceWire } from '@tessera/contract/resources';

/** The version asked for in `?version`, or the latest one. */
export function useChosenVersion(resource: ResourceWire): string {
  const [searchParams] = useSearchParams();
  const asked = searchParams.get('version') ?? '';
  return resource.resourceVersions.some((item) => item.version === asked) ? asked : resource.latestVersion;
}
