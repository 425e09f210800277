import type { Resource } from './resources-api';

/** The version a details page shows: the one its address asks for when the resource has it, else the latest. */
export function shownVersion(resource: Pick<Resource, 'resourceVersions' | 'latestVersion'>, asked: string): string {
  return resource.resourceVersions.some((item) => item.version === asked) ? asked : resource.latestVersion;
}
