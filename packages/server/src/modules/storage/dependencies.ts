// Object dependencies (DOMAIN §2.22): other objects of the owner, named `bucket/objectName`, and
// resources, named `username/resourceName` with a semver range. Objects are kept by id, so a renamed
// object stays the same dependency; resources are kept by name until the resources module exists.
import { isResourceName, isUsername, VERSION_RANGE_MAX_LENGTH } from '@tessera/domain';
import type { FieldIssue } from '../../platform/errors';
import { parseFullObjectName } from './object-name';

export { DEPENDENCY_NAME_MAX_LENGTH, MAX_DEPENDENCIES, VERSION_RANGE_MAX_LENGTH } from '@tessera/domain';

export type DependencyInput = { name: string; type: 'resource' | 'object'; versionRange?: string };

/** As stored in objects.dependencies. */
export type StoredDependency =
  { type: 'object'; objectId: string; name: string } | { type: 'resource'; name: string; versionRange: string };

/** As answered: objects under their current full name. */
export type DependencyWire = { name: string; type: 'resource' | 'object'; versionRange?: string };

// Comparators of a node-semver range without pre-release tags (DOMAIN §3.2 versions have none).
const NUMBER = '(?:0|[1-9]\\d*)';
const PART = `(?:[xX*]|${NUMBER})`;
const PARTIAL = `v?${PART}(?:\\.${PART}(?:\\.${PART})?)?`;
const COMPARATOR = new RegExp(`^(?:[<>]=?|=|~|\\^)?${PARTIAL}$`);
const PARTIAL_ONLY = new RegExp(`^${PARTIAL}$`);
const HYPHEN_RANGE = /^(\S+)\s+-\s+(\S+)$/;

function isComparatorSet(text: string): boolean {
  const set = text.trim();
  if (set === '') return true;
  const hyphen = HYPHEN_RANGE.exec(set);
  if (hyphen) return PARTIAL_ONLY.test(hyphen[1] ?? '') && PARTIAL_ONLY.test(hyphen[2] ?? '');
  // `>= 1.2.0` is `>=1.2.0`.
  return set
    .replace(/([<>]=?|=|~|\^)\s+/g, '$1')
    .split(/\s+/)
    .every((comparator) => COMPARATOR.test(comparator));
}

/** A semver range as npm writes them: `^1.2.0`, `~1.2`, `>=1.0.0 <2.0.0`, `1.x || 2.0.0 - 2.3.0`, `*`. */
export function isVersionRange(text: string): boolean {
  return text.length <= VERSION_RANGE_MAX_LENGTH && text.split('||').every(isComparatorSet);
}

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
