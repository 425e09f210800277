// The cycle rule of DOMAIN §3.2 over object dependencies: an object may not depend, directly or
// through other objects, on itself; looking at most 20 levels deep, and a longer chain is refused
// as too deep.

export const MAX_DEPENDENCY_DEPTH = 20;

export type CycleVerdict = 'none' | 'cycle' | 'tooDeep';

/** The object ids each of the given objects depends on (objects that do not exist are left out). */
export type ObjectDependencyLookup = (objectIds: readonly string[]) => Promise<Map<string, string[]>>;

/**
 * Walks level by level from the proposed direct dependencies (level 1). `cycle` when `targetId`
 * appears on a level; `tooDeep` when level 20 still leads further.
 */
export async function checkDependencyCycle(
  targetId: string,
  directDependencyIds: readonly string[],
  dependenciesOf: ObjectDependencyLookup,
): Promise<CycleVerdict> {
  const visited = new Set<string>();
  let level = [...new Set(directDependencyIds)];
  for (let depth = 1; level.length > 0; depth += 1) {
    if (level.includes(targetId)) return 'cycle';
    if (depth > MAX_DEPENDENCY_DEPTH) return 'tooDeep';
    for (const id of level) visited.add(id);
    const found = await dependenciesOf(level);
    level = [...new Set([...found.values()].flat())].filter((id) => id === targetId || !visited.has(id));
  }
  return 'none';
}
