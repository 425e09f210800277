// Object dependencies (DOMAIN §2.22): other objects of the owner, named `bucket/objectName`, and
// resources, named `username/resourceName` with a semver range. Objects are kept by id, so a renamed
// object stays the same dependency; resources are kept by name until the resources module exists.
import { isResourceName, isUsername, isVersionRange } from '@tessera/domain';
import type { FieldIssue } from '../../platform/errors';
import { parseFullObjectName } from './object-name';

export type DependencyInput = { name: string; type: 'resource' | 'object'; versionRange?: string };

/** As stored in objects.dependencies. */
export type StoredDependency =
  { type: 'object'; objectId: string; name: string } | { type: 'resource'; name: string; versionRange: string };

/** As answered: objects under their current full name. */
export type DependencyWire = { name: string; type: 'resource' | 'object'; versionRange?: string };

export function isResourceFullName(name: string): boolean {
  const slash = name.indexOf('/');
  return slash > 0 && isUsername(name.slice(0, slash)) && isResourceName(name.slice(slash + 1));
}

/** A key under which two entries name the same dependency (resource names compare in any case). */
function identityOf(dependency: DependencyInput): string {
  return dependency.type === 'resource' ? `resource:${dependency.name.toLowerCase()}` : `object:${dependency.name}`;
}

/** Form problems of a dependency list, each naming its field (`dependencies.1.versionRange`). */
export function dependencyIssues(dependencies: readonly DependencyInput[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  dependencies.forEach((dependency, index) => {
    const field = `dependencies.${index}`;
    if (dependency.type === 'resource') {
      if (!isResourceFullName(dependency.name))
        issues.push({ field: `${field}.name`, code: 'pattern', messageKey: 'storage.param.resourceDependencyName' });
      const range = dependency.versionRange ?? '';
      if (!isVersionRange(range))
        issues.push({ field: `${field}.versionRange`, code: 'pattern', messageKey: 'storage.param.versionRange' });
    } else if (!parseFullObjectName(dependency.name)) {
      issues.push({ field: `${field}.name`, code: 'pattern', messageKey: 'storage.param.objectDependencyName' });
    }
    const identity = identityOf(dependency);
    if (seen.has(identity))
      issues.push({
        field: `${field}.name`,
        code: 'unique',
        messageKey: 'storage.param.dependencyTwice',
        params: { name: dependency.name },
      });
    seen.add(identity);
  });
  return issues;
}

/** The object ids among stored dependencies. */
export function objectDependencyIds(dependencies: readonly StoredDependency[]): string[] {
  return dependencies.flatMap((dependency) => (dependency.type === 'object' ? [dependency.objectId] : []));
}
