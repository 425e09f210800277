// How deep a parsed JSON body nests. No route takes more than a few levels; a body nested thousands
// deep would overflow JSON.stringify when it is stored or answered, so the gate refuses it first.

/** The deepest nesting a request body may have (objects and arrays both count). */
export const MAX_JSON_DEPTH = 32;

/** Whether `value` nests deeper than `max`, looked at without recursion. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop() as { value: unknown; depth: number };
    // A file's bytes (a form's Buffer) do not nest; walking them value by value took seconds.
    if (typeof current !== 'object' || current === null || ArrayBuffer.isView(current)) continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(current)) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}
